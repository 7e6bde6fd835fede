import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import playerWeb from './scripts/eslint/no-cross-feature-imports.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/out/**', 'drizzle/migrations/**', '.wrangler/**', 'bench/results.json', 'bench/.scale/**', 'release/**', 'data/**'] },
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
    // Hooks live in components and use-*.ts files; e2e specs and servers have none (their `use…` helpers are not hooks).
    files: ['**/*.tsx', '**/use-*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    files: ['shared/**', 'player-web/**', 'operator-desktop/src/renderer/**', 'edge-api/src/routes/**', 'edge-api/src/services/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'drizzle-orm only in edge-api/src/db' }] }] },
  },
  {
    files: ['shared/src/**'],
    ignores: ['shared/src/**/*.test.ts', 'shared/src/**/*.test.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'shared runs in browsers and workerd' }, { group: ['drizzle-orm', 'drizzle-orm/*'] }] }] },
  },
  {
    // bulletproof-react: features don't import each other (scripts/eslint/no-cross-feature-imports.js).
    files: ['player-web/src/features/**'],
    plugins: { 'player-web': playerWeb },
    rules: { 'player-web/no-cross-feature-imports': 'error' },
  },
);
