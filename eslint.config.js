// ESLint flat config: typescript-eslint (type-aware) with the house-style rules and import boundaries
// (src/shared ← src/client, src/server; client and server never import each other).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// ---- import-x set-up (shared by the CLIENT and SERVER blocks) -------------------------------
// Relative imports name no extension, so the resolver tries the TypeScript ones; import-x only
// follows (and parses, for no-cycle) files with the extensions listed here.
const IMPORT_X_SETTINGS = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
};

// ---- CLIENT block: src/client boundaries (bulletproof-react) --------------------------------
/**
 * The import rules of a client folder laid out like src/client (`clientDir`, relative to this
 * file's folder): a feature never imports another feature (one zone per folder of
 * `<clientDir>/features`, read from disk, so a new feature is covered without editing this file);
 * the form engine imports no feature and nothing of app/; features/, components/ and lib/ import
 * nothing of app/; components/ imports no feature; lib/ imports no feature, form engine or
 * component; and no import cycle. Exported so tests/unit/lint/client-boundaries.test.ts builds
 * the very same rules over its fixtures.
 *
 * @param {string} clientDir
 * @returns {import('eslint').Linter.Config}
 */
export function clientBoundaries(clientDir) {
  const root = path.resolve(import.meta.dirname, clientDir);
  const dir = (name) => path.join(root, name);
  const features = readdirSync(dir('features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const zones = [
    ...features.map((name) => ({
      target: path.join(dir('features'), name),
      from: dir('features'),
      except: [`./${name}`],
      message: `features/${name} may not import another feature: move what both need to components/, lib/ or form-engine/, or compose the features in an app/routes module.`,
    })),
    {
      target: dir('form-engine'),
      from: [dir('features'), dir('app')],
      message: 'The form engine imports no feature and nothing of app/.',
    },
    {
      target: [dir('features'), dir('components'), dir('lib')],
      from: dir('app'),
      message: 'Only app/ imports app/: move what is shared to components/ or lib/.',
    },
    {
      target: dir('components'),
      from: dir('features'),
      message: 'Shared components import no feature.',
    },
    {
      target: dir('lib'),
      from: [dir('features'), dir('form-engine'), dir('components')],
      message: 'lib/ imports no feature, form engine or component.',
    },
  ];
  return {
    name: `client-boundaries:${clientDir}`,
    files: [`${clientDir}/**/*.{ts,tsx}`],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  };
}
// ---- end of CLIENT block --------------------------------------------------------------------

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
  // CLIENT block (see clientBoundaries above); its lint fixtures break the rules on purpose.
  clientBoundaries('src/client'),
  { ignores: ['tests/fixtures/lint/'] },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/client/**'] }] },
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
