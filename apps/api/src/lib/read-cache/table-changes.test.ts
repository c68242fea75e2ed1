import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { createUser } from '../../test/test-app.ts';
import { TableChanges, watchTableChanges, type WatchedTableChanges } from './table-changes.ts';

const quiet = { info() {}, warn() {} };

describe.each(lanes)('a writer catching up with its own change on $name', (lane) => {
  let database: TestDatabase;
  let watched: WatchedTableChanges;

  beforeAll(async () => {
    database = await lane.open();
    watched = await watchTableChanges(database, 'users', quiet);
  });
  afterAll(async () => {
    await watched?.stop();
    await database?.dispose();
  });

  it('has heard the trigger of a committed write once caughtUp settles', async () => {
    const { changes } = watched;
    expect(changes.live).toBe(true);
    for (let round = 0; round < 5; round += 1) {
      const before = changes.version;
      // The users trigger (migration 0004) announces the insert; the writer says nothing itself.
      await createUser(database);
      await changes.caughtUp();
      expect(changes.version).toBeGreaterThan(before);
    }
  });

  it('counts a marker as no change, and keeps answering after many at once', async () => {
    const { changes } = watched;
    const before = changes.version;
    await Promise.all(Array.from({ length: 20 }, () => changes.caughtUp()));
    expect(changes.version).toBe(before);
  });
});

describe('caughtUp without a channel to listen on', () => {
  it('settles at once while nothing is kept', async () => {
    const off = new TableChanges({ cache: false, send: () => new Promise(() => {}) });
    off.resumed();
    expect(off.live).toBe(false);
    await off.caughtUp();
  });

  it('drops every kept answer when the marker cannot be sent', async () => {
    const changes = new TableChanges({ send: () => Promise.reject(new Error('gone')) });
    changes.resumed();
    const { version, coreVersion } = changes;
    await changes.caughtUp();
    expect(changes.version).toBe(version + 1);
    expect(changes.coreVersion).toBe(coreVersion + 1);
  });

  it('lets a waiting writer go when the listening connection is lost', async () => {
    const changes = new TableChanges({ send: async () => undefined });
    changes.resumed();
    const waiting = changes.caughtUp();
    changes.lost();
    await waiting;
    expect(changes.live).toBe(false);
  });
});
