// Import boundaries of src/client (bulletproof-react), enforced by eslint-plugin-import-x
// (docs/architecture.md "Client"). Zones are built from the feature folders read from disk.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importX } from 'eslint-plugin-import-x';
import { IMPORT_X_SETTINGS } from './import-x-settings.js';

/**
 * The import rules of a client folder laid out like src/client (`clientDir`, relative to the
 * repository root): a feature never imports another feature (one zone per folder of
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
  const root = path.resolve(import.meta.dirname, '..', clientDir);
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
