/**
 * The document serves an integrator: a client generated from `/api/docs` with
 * openapi-typescript and openapi-fetch type-checks a small program — sign in, list page 2 with
 * a country filter, read a detail — that then runs against the real server. A second program,
 * with a page as text and a country the document does not list, must not type-check: the
 * generated types carry the integers and enums the routes' schemas state
 * (docs/decisions/076-the-api-document-states-every-rule.md). openapi-fetch is imported by the
 * generated program only (knip.json lists it as used elsewhere).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertFixtureBusinesses, storeFixtureFiles } from '../../test/business-fixtures.ts';
import { lanes, type TestDatabase } from '../../test/databases.ts';
import { createUser, startTestApp, type TestApp, type TestUser } from '../../test/test-app.ts';
import { createFileStorage } from '../../lib/storage/open-file-storage.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// The repo's type checker (docs/decisions/119-types-checked-by-typescript-7.md).
const tsc = path.resolve(apiRoot, '../../node_modules/typescript-7/bin/tsc');

/** The program an integrator writes against the generated types. */
const program = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

export async function listAndRead(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const login = await client.POST('/api/v1/auth/login/', { body: { email, password } });
  if (!login.data) throw new Error(\`sign-in failed: \${JSON.stringify(login.error)}\`);
  const headers = { authorization: \`Bearer \${login.data.data.credentials.access}\` };

  const list = await client.GET('/api/v1/manager/business/list/', {
    params: { query: { page: 2, page_size: 2, country: 'USA' } },
    headers,
  });
  if (!list.data) throw new Error(\`list failed: \${JSON.stringify(list.error)}\`);
  const first = list.data.data.businesses[0];
  if (!first) throw new Error('page 2 is empty');

  const detail = await client.GET('/api/v1/manager/business/detail/{id}/', {
    params: { path: { id: first.id } },
    headers,
  });
  if (!detail.data) throw new Error(\`detail failed: \${JSON.stringify(detail.error)}\`);
  return { page: list.data.data, detail: detail.data.data };
}
`;

/** What the types refuse: a page as text, a country that is not in the enum. */
const wrongProgram = `import createClient from 'openapi-fetch';
import type { paths } from './api.ts';

const client = createClient<paths>({ baseUrl: 'http://127.0.0.1' });
export const pageAsText = client.GET('/api/v1/manager/business/list/', {
  params: { query: { page: '2' } },
});
export const unknownCountry = client.GET('/api/v1/manager/business/list/', {
  params: { query: { country: 'FRANCE' } },
});
`;

const tsconfig = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['*.ts'],
};

/** tsc over one folder: its diagnostics, one a line (empty when the program type-checks). */
async function typeCheck(folder: string, entry: string): Promise<string[]> {
  writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({ ...tsconfig, include: ['api.ts', entry] }),
  );
  try {
    // From the folder, so that each diagnostic names its file as `wrong.ts(line,column)`.
    await promisify(execFile)(tsc, ['-p', '.', '--pretty', 'false'], { cwd: folder });
    return [];
  } catch (error) {
    const { stdout } = error as { stdout?: string };
    if (!stdout) throw error;
    return stdout.trim().split('\n');
  }
}

describe.each(lanes)('a client generated from the API document, on $name', (lane) => {
  let database: TestDatabase;
  let harness: TestApp;
  let manager: TestUser;
  let folder: string;

  beforeAll(async () => {
    database = await lane.open();
    harness = await startTestApp({ database });
    const files = await storeFixtureFiles(createFileStorage(database, harness.config.filesDir));
    await insertFixtureBusinesses(database, { count: 24, seed: 28, files });
    manager = await createUser(database);
    // Inside the workspace, so that the program resolves openapi-fetch as an integrator's would.
    const cache = path.join(apiRoot, 'node_modules/.cache');
    mkdirSync(cache, { recursive: true });
    folder = mkdtempSync(path.join(cache, 'generated-client-'));
    const document = (await (await fetch(`${harness.baseUrl}/api/docs`)).json()) as OpenAPI3;
    writeFileSync(path.join(folder, 'api.ts'), astToString(await openapiTS(document)));
    // A database, 24 businesses and the generated types: more than the default on a busy machine.
  }, 240_000);
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    await harness?.close();
    await database?.dispose();
  });

  it(
    'type-checks the program, which signs in, lists page 2 of one country and reads a detail',
    { timeout: 120_000 },
    async () => {
      writeFileSync(path.join(folder, 'program.ts'), program);
      expect(await typeCheck(folder, 'program.ts')).toEqual([]);

      const { listAndRead } = (await import(path.join(folder, 'program.ts'))) as {
        listAndRead: (
          baseUrl: string,
          email: string,
          password: string,
        ) => Promise<{
          page: { page: number; page_size: number; businesses: { id: number }[] };
          detail: { id: number; country_of_incorporation: string | null };
        }>;
      };
      const { page, detail } = await listAndRead(harness.baseUrl, manager.email, manager.password);
      expect(page.page).toBe(2);
      expect(page.page_size).toBe(2);
      expect(page.businesses.length).toBeGreaterThan(0);
      expect(detail.id).toBe(page.businesses[0]!.id);
      expect(detail.country_of_incorporation).toBe('USA');
    },
  );

  it('refuses a page given as text and a country the document does not list', async () => {
    writeFileSync(path.join(folder, 'wrong.ts'), wrongProgram);
    const errors = await typeCheck(folder, 'wrong.ts');
    expect(errors.filter((line) => line.startsWith('wrong.ts(6,'))).toHaveLength(1);
    expect(errors.filter((line) => line.startsWith('wrong.ts(9,'))).toHaveLength(1);
    // Nothing else: the generated types themselves check.
    expect(errors.filter((line) => !line.startsWith(' ')).length).toBe(2);
  });
});
