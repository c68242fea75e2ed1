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
    // API features: each may use another only through its public entry (`index.ts`), and the
    // shared layers (lib, db, plugins) reach a feature only that way too.
    files: ['apps/api/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...apiFeatures.map((feature) => ({
              target: `./apps/api/src/features/${feature}`,
              from: './apps/api/src/features',
              except: [
                `./${feature}`,
                ...apiFeatures
                  .filter((other) => other !== feature)
                  .map((other) => `./${other}/index.ts`),
              ],
              message:
                'A feature uses another only through its index.ts (docs/conventions.md, convention 1).',
            })),
            ...['lib', 'db', 'plugins'].map((layer) => ({
              target: `./apps/api/src/${layer}`,
              from: './apps/api/src/features',
              except: apiFeatures.map((feature) => `./${feature}/index.ts`),
              message: 'Shared code uses a feature only through its index.ts.',
            })),
          ],
        },
      ],
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
    // Layers: shared code (components/ui, lib, config) never imports features or the app shell.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/features/**', '**/app/**', '**/apps/api/**'] },
      ],
    },
  },
);
