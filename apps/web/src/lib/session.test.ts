import { describe, expect, it, vi } from 'vitest';
import { managerSchema, SESSION_HINT_COOKIE } from '@fd/contract';
import { demoManager } from '../testing/render-route.tsx';
import {
  clearSession,
  initialsOf,
  MANAGER_STORAGE_KEY,
  toManagerRecord,
  readSession,
  saveSession,
  subscribeToSession,
  TOKEN_STORAGE_KEY,
  writeSessionHint,
} from './session.ts';

describe('session storage', () => {
  it('keeps the token and the manager record under their own keys', () => {
    saveSession('abc', demoManager);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('abc');
    expect(JSON.parse(localStorage.getItem(MANAGER_STORAGE_KEY)!)).toEqual(demoManager);
    expect(readSession()).toEqual({ token: 'abc', manager: demoManager });

    clearSession();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(MANAGER_STORAGE_KEY)).toBeNull();
    expect(readSession()).toEqual({ token: null, manager: null });
  });

  it('keeps a cookie that says a session is stored, and only that, while one is', () => {
    const hint = () =>
      document.cookie.split('; ').find((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));
    saveSession('secret-token', demoManager);
    expect(hint()).toBe(`${SESSION_HINT_COOKIE}=1`);
    expect(document.cookie).not.toContain('secret-token');
    clearSession();
    expect(hint()).toBeUndefined();

    // At start it follows what storage holds: a session from before the cookie, or none.
    localStorage.setItem(TOKEN_STORAGE_KEY, 'older-token');
    writeSessionHint();
    expect(hint()).toBe(`${SESSION_HINT_COOKIE}=1`);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    writeSessionHint();
    expect(hint()).toBeUndefined();
  });

  it('returns the same snapshot while storage is unchanged', () => {
    saveSession('abc', demoManager);
    expect(readSession()).toBe(readSession());
  });

  it('ignores a manager record that is not one', () => {
    localStorage.setItem(MANAGER_STORAGE_KEY, '{not json');
    expect(readSession().manager).toBeNull();
    localStorage.setItem(MANAGER_STORAGE_KEY, '{"first_name": 3}');
    expect(readSession().manager).toBeNull();
  });

  it('tells subscribers about sign-in and sign-out until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    saveSession('abc', demoManager);
    clearSession();
    unsubscribe();
    saveSession('def', demoManager);
    expect(listener.mock.calls.map(([session]) => session.token)).toEqual(['abc', null]);
  });

  it('makes the avatar initials from the names', () => {
    expect(initialsOf(demoManager)).toBe('NE');
    expect(initialsOf({ first_name: '', last_name: '', email: 'zed@example.com' })).toBe('Z');
    expect(initialsOf(null)).toBe('');
  });

  it("reads a stored manager record as the contract's managerSchema does", () => {
    const records: unknown[] = [
      demoManager,
      { ...demoManager, extra: 'dropped', token: 'not kept' },
      { ...demoManager, role: 'ADMIN' },
      { ...demoManager, role: 'CLIENT' },
      { ...demoManager, role: 'manager' },
      { ...demoManager, id: '1' },
      { ...demoManager, id: Number.NaN },
      { ...demoManager, id: 1.5 },
      { ...demoManager, email: null },
      { ...demoManager, first_name: undefined },
      { ...demoManager, last_name: 7 },
      { ...demoManager, uuid: ['x'] },
      Object.fromEntries(Object.entries(demoManager).filter(([key]) => key !== 'role')),
      null,
      [],
      'MANAGER',
      42,
    ];
    for (const record of records) {
      const parsed = managerSchema.safeParse(record);
      expect(toManagerRecord(record), JSON.stringify(record)).toEqual(
        parsed.success ? parsed.data : null,
      );
    }
  });
});
