import { describe, expect, it } from 'vitest';
import { TableChanges } from './table-changes.ts';
import { SharedVersionCache } from './version-cache.ts';

const liveChanges = () => {
  const changes = new TableChanges();
  changes.resumed();
  return changes;
};

describe('SharedVersionCache', () => {
  it('counts once per version and shares a count in progress', async () => {
    const changes = liveChanges();
    const cache = new SharedVersionCache<number>(changes);
    let calls = 0;
    const count = async () => {
      calls += 1;
      return 42;
    };
    const [a, b] = await Promise.all([cache.get('all', count), cache.get('all', count)]);
    expect([a, b, calls]).toEqual([42, 42, 1]);
    await cache.get('all', count);
    expect(calls).toBe(1);

    changes.heard('');
    await cache.get('all', count);
    expect(calls).toBe(2);
  });

  it('keeps the counts that read no progress column across a progress-only change', async () => {
    const changes = liveChanges();
    const cache = new SharedVersionCache<number>(changes);
    const calls = { all: 0, pending: 0 };
    const count = (key: keyof typeof calls, readsProgress: boolean) =>
      cache.get(key, async () => ++calls[key], { readsProgress });
    await count('all', false);
    await count('pending', true);

    changes.heard('progress');
    expect([await count('all', false), await count('pending', true)]).toEqual([1, 2]);

    changes.heard('');
    expect([await count('all', false), await count('pending', true)]).toEqual([2, 3]);
    changes.lost();
    changes.resumed();
    expect([await count('all', false), await count('pending', true)]).toEqual([3, 4]);
  });

  it('caches nothing while changes could pass unseen', async () => {
    const changes = new TableChanges();
    const cache = new SharedVersionCache<number>(changes);
    let calls = 0;
    const count = async () => ++calls;
    await cache.get('all', count);
    await cache.get('all', count);
    expect(calls).toBe(2);
    expect(cache.size).toBe(0);

    changes.resumed();
    await cache.get('all', count);
    await cache.get('all', count);
    expect(calls).toBe(3);
    changes.lost();
    await cache.get('all', count);
    expect(calls).toBe(4);
  });

  it('forgets a failed count and stays within its size', async () => {
    const cache = new SharedVersionCache<number>(liveChanges(), 2);
    await expect(cache.get('x', () => Promise.reject(new Error('db down')))).rejects.toThrow();
    expect(await cache.get('x', async () => 7)).toBe(7);
    await cache.get('y', async () => 1);
    await cache.get('z', async () => 2);
    expect(cache.size).toBe(2);
    // The oldest entry went first.
    let recounted = false;
    await cache.get('x', async () => {
      recounted = true;
      return 7;
    });
    expect(recounted).toBe(true);
  });
});
