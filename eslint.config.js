import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import playerWeb from './scripts/eslint/no-cross-feature-imports.js';
import comments from './scripts/eslint/comments-stand-alone.js';

const DRIZZLE = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  message: 'drizzle-orm only in edge-api/src/db: use (or add) a helper of the data layer there',
};
const NO_APPS = {
  group: [
    '@daily-tea/edge-api',
    '@daily-tea/edge-api/*',
    '@daily-tea/player-web',
    '@daily-tea/player-web/*',
    '@daily-tea/operator-desktop',
    '@daily-tea/operator-desktop/*',
    '**/edge-api/**',
    '**/player-web/**',
    '**/operator-desktop/**',
  ],
  message: 'shared never imports an app: the apps import shared',
};
const NO_NODE = { group: ['node:*'], message: 'shared runs in browsers and workerd' };
const NO_ELECTRON = {
  group: ['electron', 'electron/*', '@electron-toolkit/*'],
  message: 'the renderer never imports electron: it calls main through the preload bridge (src/preload)',
};
const API_INTERNALS = {
  group: ['**/edge-api/src', '**/edge-api/src/**', '@daily-tea/edge-api/*', '!@daily-tea/edge-api/tooling'],
  message:
    "the bench and the scale seeder reach the API through its public surface only: import '@daily-tea/edge-api/tooling' (edge-api/src/tooling.ts; add what you need there)",
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/out/**',
      'drizzle/migrations/**',
      '.wrangler/**',
      'bench/results.json',
      'bench/.scale/**',
      'release/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // Comments cite docs/product.md or state the rule (scripts/eslint/comments-stand-alone.js).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { comments },
    rules: { 'comments/comments-stand-alone': 'error' },
  },
  {
    // Hooks live in components and use-*.ts files; e2e specs and servers have none (their `use…` helpers are not hooks).
    files: ['**/*.tsx', '**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  // Import boundaries (README "Architecture"). A later block replaces an earlier one's no-restricted-imports for
  // the files it matches, so each block lists every pattern that applies to its files.
  {
    // drizzle-orm only in the data layer: seeding, scripts and the bench go through edge-api/src/db's helpers.
    // Tests may inspect rows with it (factories, assertions on stored data).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    ignores: ['edge-api/src/db/**', 'edge-api/src/test/**', '**/*.test.{ts,tsx}', '**/*.spec.ts'],
    rules: restrict(DRIZZLE),
  },
  {
    files: ['shared/**'],
    rules: restrict(DRIZZLE, NO_APPS),
  },
  {
    // The bench and the scale seeder: the API's public surface only (edge-api/src/tooling.ts), tests included.
    // The seeder's own reads and maintenance (bench/seed/*.queries.ts) are its data layer: Drizzle is theirs.
    files: ['bench/**'],
    ignores: ['bench/seed/*.queries.ts', 'bench/**/*.test.ts'],
    rules: restrict(DRIZZLE, API_INTERNALS),
  },
  {
    files: ['bench/seed/*.queries.ts', 'bench/**/*.test.ts'],
    rules: restrict(API_INTERNALS),
  },
  {
    files: ['shared/src/**'],
    ignores: ['shared/src/**/*.test.ts', 'shared/src/**/*.test.tsx'],
    rules: restrict(DRIZZLE, NO_APPS, NO_NODE),
  },
  {
    files: ['operator-desktop/src/renderer/**'],
    rules: restrict(DRIZZLE, NO_ELECTRON),
  },
  {
    // bulletproof-react: features don't import each other (scripts/eslint/no-cross-feature-imports.js).
    files: ['player-web/src/features/**'],
    plugins: { 'player-web': playerWeb },
    rules: { 'player-web/no-cross-feature-imports': 'error' },
  },
  {
    // Pure rules: the domain imports no API client, no React and no network; multi-request flows
    // live in the operator UI's data layer or on the server.
    files: ['shared/src/domain/**'],
    ignores: ['shared/src/domain/**/*.test.ts', 'shared/src/domain/**/*.test-kit.ts'],
    rules: {
      ...restrict(
        DRIZZLE,
        NO_APPS,
        NO_NODE,
        {
          group: ['**/api-client', '**/api-client/*'],
          message:
            'shared/src/domain is pure: no API client (move the flow to the UI data layer or the server)',
        },
        {
          group: [
            'react',
            'react-dom',
            'react-dom/*',
            '@tanstack/*',
            '@headlessui/*',
            'jotai',
            'jotai/*',
            '**/ui/*',
            '**/ui',
          ],
          message: 'shared/src/domain is pure: no React',
        },
        {
          group: ['hono', 'hono/*', 'undici', 'ws', 'axios'],
          message: 'shared/src/domain is pure: no network',
        },
      ),
      'no-restricted-globals': [
        'error',
        ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'Request', 'Response'].map((name) => ({
          name,
          message: 'shared/src/domain is pure: no network',
        })),
      ],
    },
  },
);
