// ESLint flat config: typescript-eslint (type-aware) with the project's rules and import boundaries
// (src/shared ← src/client, src/server; client and server never import each other).
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { clientBoundaries } from './lint/client-boundaries.js';
import { IMPORT_X_SETTINGS } from './lint/import-x-settings.js';
import { serverZones } from './lint/server-boundaries.js';

const root = import.meta.dirname;

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', '.tmp/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/client/**', '**/server/**', 'node:*', 'react', 'react-dom', 'fastify'] },
      ],
    },
  },
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }] },
  },
  // Boundaries of the client (lint/client-boundaries.js); its lint fixtures break the rules on purpose.
  clientBoundaries('src/client'),
  { ignores: ['tests/fixtures/lint/'] },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
  },
  // Layers of the server and no import cycles (lint/server-boundaries.js; docs/architecture.md).
  {
    files: ['src/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: serverZones(root) }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
