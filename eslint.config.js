import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/** The feature folders of a workspace: a feature never imports another one's internals. */
const featuresOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const apiFeatures = featuresOf('./apps/api/src/features');
const webFeatures = featuresOf('./apps/web/src/features');

/**
 * The web app's shared layers, each allowed to import only those after it:
 * components → hooks → lib → config (apps/web/src/README.md).
 */
const webSharedLayers = ['components', 'hooks', 'lib', 'config'];

/**
 * The API's import zones: a feature uses another only through its public entry (`index.ts`),
 * and the shared layers (lib, db, plugins) and the tools reach a feature only that way too: no
 * arrow runs back up from a feature to the auth hook, nor from db/ to the logger.
 */
const apiZones = [
  ...apiFeatures.map((feature) => ({
    target: `./apps/api/src/features/${feature}`,
    from: './apps/api/src/features',
    except: [
      `./${feature}`,
      ...apiFeatures.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
    ],
    message:
      'A feature uses another only through its index.ts (docs/conventions.md, convention 1).',
  })),
  ...['lib', 'db', 'plugins', 'tools'].map((layer) => ({
    target: `./apps/api/src/${layer}`,
    from: './apps/api/src/features',
    except: apiFeatures.map((feature) => `./${feature}/index.ts`),
    message: 'Shared code uses a feature only through its index.ts.',
  })),
  {
    // The auth hook depends on the auth feature, never the other way round.
    target: './apps/api/src/features',
    from: './apps/api/src/plugins/authenticate.ts',
    message:
      "The signed-in manager (AuthenticatedManager) is the auth feature's: import it from features/auth/index.ts.",
  },
  {
    // The database layer sits under lib/, plugins/ and features/: it is handed a
    // logger (DatabaseLog) rather than reaching up for ours.
    target: './apps/api/src/db',
    from: ['./apps/api/src/lib/logger.ts', './apps/api/src/plugins', './apps/api/src/app.ts'],
    message:
      'db/ does not reach up: the caller passes its logger in (DatabaseLog in db/client.ts).',
  },
];

/**
 * The product (features, lib, db, plugins, app.ts) never imports the tools (the demo data, the
 * simulator): only the entry points do (main.ts, cli/), and the tests, which seed their data.
 */
const productOutsideTools = {
  target: [
    './apps/api/src/features',
    './apps/api/src/lib',
    './apps/api/src/db',
    './apps/api/src/plugins',
    './apps/api/src/app.ts',
  ],
  from: './apps/api/src/tools',
  message:
    'The product does not import the tools (apps/api/src/tools): main.ts and cli/ start them.',
};

const envOnly = {
  selector: "MemberExpression[object.name='process'][property.name='env']",
  message: 'Read configuration only in env.ts (docs/conventions.md, convention 6).',
};
const importMetaEnv = {
  selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
  message: 'Read import.meta.env only in src/config/env.ts (docs/conventions.md, convention 6).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The server bundles the tests build (apps/api/src/test/build-server.ts).
      'apps/api/.test-dist/**',
      'apps/api/.test-dist-*/**',
      'apps/api/.e2e-dist/**',
      'apps/api/.cluster-dist/**',
      'apps/api/.cluster-test-dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/external-module-folders': ['node_modules'],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
    },
  },
  {
    // The contract is the only code both apps share; it never imports either app.
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/apps/**', 'drizzle-orm', 'drizzle-orm/*'] },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    ignores: [
      'apps/api/src/env.ts',
      'apps/api/drizzle.config.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/test/**',
    ],
    rules: { 'no-restricted-syntax': ['error', envOnly] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiZones }] },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts', 'apps/api/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...apiZones, productOutsideTools] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['**/apps/api/**', '@fd/api'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/config/env.ts'],
    rules: { 'no-restricted-syntax': ['error', importMetaEnv, envOnly] },
  },
  {
    // Web layers, as in bulletproof-react: app → features → components → hooks → lib → config.
    // The zones compare resolved files, so a '#/…' alias or any other spelling of a path is
    // caught; an import the resolver cannot follow would slip past them, so it is an error too.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Resolve to real files: through the workspace link, '@fd/web/src/…' would otherwise
    // resolve under node_modules/, outside every zone.
    settings: { 'import-x/resolver': { node: { preserveSymlinks: false } } },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: what two need moves to lib/ or components/ (apps/web/src/README.md).',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features never import the app shell (apps/web/src/README.md).',
            },
            ...webSharedLayers.map((layer, index) => ({
              target: `./apps/web/src/${layer}`,
              from: [
                './apps/web/src/app',
                './apps/web/src/features',
                ...webSharedLayers.slice(0, index).map((above) => `./apps/web/src/${above}`),
              ],
              message: `${layer}/ imports only ${
                webSharedLayers
                  .slice(index + 1)
                  .map((below) => `${below}/`)
                  .join(', ') || 'itself'
              } and packages: shared code never reaches up (apps/web/src/README.md).`,
            })),
          ],
        },
      ],
    },
  },
);
