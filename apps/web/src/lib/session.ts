import { useSyncExternalStore } from 'react';
import { roles, SESSION_HINT_COOKIE, type Manager } from '@fd/contract';

/** Browser-storage keys of the session (docs/product.md §3): each value under its own key. */
export const TOKEN_STORAGE_KEY = 'token';
export const MANAGER_STORAGE_KEY = 'manager';

export interface Session {
  token: string | null;
  manager: Manager | null;
}

type SessionListener = (session: Session) => void;
const listeners = new Set<SessionListener>();

/** The token, read from storage every time so a change elsewhere is seen on the next request. */
export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored manager record, checked as the contract's `managerSchema` would (a test holds the
 * two together) and reduced to its fields; null if it is not one. Written out by hand because
 * this runs on every first visit, and zod is kept out of the sign-in screen's download
 * (docs/decisions/031-a-light-first-visit-the-sign-in.md).
 */
export function toManagerRecord(value: unknown): Manager | null {
  if (!isRecord(value)) return null;
  const { id, uuid, email, first_name, last_name, role } = value;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  if (typeof uuid !== 'string' || typeof email !== 'string') return null;
  if (typeof first_name !== 'string' || typeof last_name !== 'string') return null;
  const knownRole = roles.find((name) => name === role);
  if (!knownRole) return null;
  return { id, uuid, email, first_name, last_name, role: knownRole };
}

function parseManager(raw: string | null): Manager | null {
  if (raw === null) return null;
  try {
    return toManagerRecord(JSON.parse(raw));
  } catch {
    return null;
  }
}

/**
 * What a page rendered at build time shows (apps/web/src/prerender.tsx), where there is no
 * storage: signed in or not, with nobody's record. Never set in a browser.
 */
let buildTimeSession: Session | null = null;

export function setBuildTimeSession(session: Session): void {
  buildTimeSession = session;
}

// useSyncExternalStore needs the same object back while storage is unchanged.
let cached: { rawToken: string | null; rawManager: string | null; session: Session } | null = null;

export function readSession(): Session {
  if (buildTimeSession) return buildTimeSession;
  const rawToken = getToken();
  const rawManager = localStorage.getItem(MANAGER_STORAGE_KEY);
  if (cached && cached.rawToken === rawToken && cached.rawManager === rawManager) {
    return cached.session;
  }
  const session = { token: rawToken, manager: parseManager(rawManager) };
  cached = { rawToken, rawManager, session };
  return session;
}

/** As long as browsers keep a cookie (400 days); renewed on every visit with a session. */
const SESSION_HINT_MAX_AGE_S = 400 * 24 * 60 * 60;

/**
 * Tells the server whether this browser holds a session, by a cookie with no secret in it: without
 * it, a signed-in address is answered with the sign-in page's first paint, so a visitor without a
 * session never sees a signed-in screen's frame
 * (docs/decisions/053-a-cookie-with-no-secret-tells-the.md).
 */
export function writeSessionHint(signedIn = getToken() !== null): void {
  const attributes = `Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
  document.cookie = signedIn
    ? `${SESSION_HINT_COOKIE}=1; Max-Age=${SESSION_HINT_MAX_AGE_S}; ${attributes}`
    : `${SESSION_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

function notifyListeners(): void {
  const session = readSession();
  for (const listener of listeners) listener(session);
}

export function saveSession(token: string, manager: Manager): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  localStorage.setItem(MANAGER_STORAGE_KEY, JSON.stringify(manager));
  writeSessionHint(true);
  notifyListeners();
}

/** Keeps the manager record and swaps the token (the server issued a new one). */
export function replaceToken(token: string): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  notifyListeners();
}

export function clearSession(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  localStorage.removeItem(MANAGER_STORAGE_KEY);
  writeSessionHint(false);
  notifyListeners();
}

function onStorage(event: StorageEvent): void {
  // Another tab signed in or out: follow it (event.key is null when storage was cleared).
  if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === MANAGER_STORAGE_KEY) {
    notifyListeners();
  }
}

/** Calls `listener` after every sign-in or sign-out, in this tab or another. Returns the unsubscribe. */
export function subscribeToSession(listener: SessionListener): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The current session; the component re-renders when it changes. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeToSession, readSession, readSession);
}

/** Two-letter initials for the avatar: first and last name, else the email. */
export function initialsOf(manager: Pick<Manager, 'first_name' | 'last_name' | 'email'> | null) {
  // No record (a page rendered at build time, or storage holding none): an empty avatar.
  if (!manager) return '';
  const fromNames = `${manager.first_name.trim().charAt(0)}${manager.last_name.trim().charAt(0)}`;
  return (fromNames || manager.email.charAt(0) || '?').toUpperCase();
}
