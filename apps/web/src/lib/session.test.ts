import { describe, expect, it, vi } from 'vitest';
import { demoManager } from '../testing/render-route.tsx';
import {
  clearSession,
  initialsOf,
  MANAGER_STORAGE_KEY,
  readSession,
  saveSession,
  subscribeToSession,
  TOKEN_STORAGE_KEY,
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
    expect(initialsOf(null)).toBe('?');
  });
});
