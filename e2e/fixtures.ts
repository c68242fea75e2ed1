/**
 * The accounts the end-to-end specs sign in with. Each spec owns its accounts,
 * so specs never depend on each other's password changes. e2e/serve.ts
 * creates them before the server starts.
 */
import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = 4310;
export const E2E_DATA_DIR = path.join(os.tmpdir(), 'formation-desk-e2e');

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: 'MANAGER' | 'CLIENT';
}

export const accounts = {
  journey: {
    email: 'journey.manager@e2e.test',
    password: 'journey-start-1',
    firstName: 'Ngozi',
    lastName: 'Eze',
    role: 'MANAGER',
  },
  shell: {
    email: 'shell.manager@e2e.test',
    password: 'shell-password-1',
    firstName: 'Tunde',
    lastName: 'Bakare',
    role: 'MANAGER',
  },
  businesses: {
    email: 'businesses.manager@e2e.test',
    password: 'businesses-password-1',
    firstName: 'Kemi',
    lastName: 'Adeleke',
    role: 'MANAGER',
  },
  businessDetails: {
    email: 'details.manager@e2e.test',
    password: 'details-password-1',
    firstName: 'Segun',
    lastName: 'Afolabi',
    role: 'MANAGER',
  },
  documents: {
    email: 'documents.manager@e2e.test',
    password: 'documents-password-1',
    firstName: 'Halima',
    lastName: 'Bello',
    role: 'MANAGER',
  },
  client: {
    email: 'client.owner@e2e.test',
    password: 'client-password-1',
    firstName: 'Chidi',
    lastName: 'Okeke',
    role: 'CLIENT',
  },
} satisfies Record<string, Account>;

/** Businesses the specs look for by name, besides the demo data. */
export const fixtureBusinesses = {
  /** No documents, no shareholders, no receipts: every empty text shows. */
  empty: {
    name: 'Zephyr Empty Holdings',
    ownerEmail: 'zephyr.owner@e2e.test',
    ownerFirst: 'Amaka',
    ownerLast: 'Nwosu',
  },
  /** Has a national identification number (shown as NIN only when present). */
  withNin: {
    name: 'Quill NIN Ventures',
    ownerEmail: 'quill.owner@e2e.test',
    ownerFirst: 'Femi',
    ownerLast: 'Adebayo',
    nin: 'NIN-7781-2290',
  },
} as const;
