/**
 * The client's import boundaries (lint/client-boundaries.js) fail on a deliberate violation
 * and pass a compliant import:
 * - over the fixtures in tests/fixtures/lint/client, linted with the very rules the config builds
 *   for src/client (`clientBoundaries`), each rule fires on its violating file and nowhere else;
 * - through the real eslint.config.js, text linted as if it were a file in src/client proves the
 *   block is on there, that `.ts` and `.tsx` imports resolve, and that every feature folder has its
 *   zone.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FIXTURES = 'tests/fixtures/lint/client';
const ZONE_RULE = 'import-x/no-restricted-paths';
const CYCLE_RULE = 'import-x/no-cycle';

type ConfigModule = { clientBoundaries: (clientDir: string) => Linter.Config };

/** Rule ids reported per fixture file (path relative to the fixture root), parse errors as `parse`. */
let fixtureRules: Map<string, string[]>;
let realConfig: ESLint;

beforeAll(async () => {
  const { clientBoundaries } = (await import(
    pathToFileURL(join(ROOT, 'lint/client-boundaries.js')).href
  )) as ConfigModule;
  const fixtureLint = new ESLint({
    cwd: ROOT,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts', '**/*.tsx'], languageOptions: { parser: tseslint.parser } },
      clientBoundaries(FIXTURES),
    ],
  });
  const results = await fixtureLint.lintFiles([FIXTURES]);
  fixtureRules = new Map(
    results.map((result) => [
      relative(join(ROOT, FIXTURES), result.filePath),
      result.messages.map((message) => message.ruleId ?? 'parse'),
    ]),
  );
  // The real config; probe files do not exist, so they are linted without type information.
  realConfig = new ESLint({
    cwd: ROOT,
    overrideConfig: { files: ['src/client/**/lint-probe.*'], ...tseslint.configs.disableTypeChecked },
  });
}, 120_000);

/** Rule ids the real config reports for `code` linted as `src/client/<file>`. */
async function lintAsClientFile(file: string, code: string): Promise<string[]> {
  const [result] = await realConfig.lintText(code, { filePath: join(ROOT, 'src/client', file) });
  return result?.messages.map((message) => message.ruleId ?? `parse: ${message.message}`) ?? [];
}

describe('client import boundaries over the lint fixtures', () => {
  it('lints every fixture file (none is skipped or fails to parse)', () => {
    expect(fixtureRules.size).toBe(24);
    expect([...fixtureRules.values()].flat()).not.toContain('parse');
  });

  it.each([
    ['features/a/x.ts', 'a feature imports another feature (.ts)'],
    ['features/a/imports-view.ts', 'a feature imports another feature (.tsx)'],
    ['features/a/imports-app.ts', 'a feature imports app/'],
    ['form-engine/imports-feature.ts', 'the form engine imports a feature'],
    ['form-engine/imports-app.ts', 'the form engine imports app/'],
    ['components/imports-feature.ts', 'a shared component imports a feature'],
    ['components/imports-app.ts', 'a shared component imports app/'],
    ['lib/imports-feature.ts', 'lib/ imports a feature'],
    ['lib/imports-form-engine.ts', 'lib/ imports the form engine'],
    ['lib/imports-component.ts', 'lib/ imports a component'],
    ['lib/imports-app.ts', 'lib/ imports app/'],
  ])('reports %s: %s', (file) => {
    expect(fixtureRules.get(file)).toEqual([ZONE_RULE]);
  });

  it('reports an import cycle in both of its files', () => {
    expect(fixtureRules.get('lib/cycle-a.ts')).toEqual([CYCLE_RULE]);
    expect(fixtureRules.get('lib/cycle-b.ts')).toEqual([CYCLE_RULE]);
  });

  it('passes the imports the layout allows', () => {
    for (const file of ['features/a/compliant.ts', 'form-engine/compliant.ts', 'app/compliant.ts']) {
      expect(fixtureRules.get(file), file).toEqual([]);
    }
  });
});

// Each probe runs eslint with import resolution over the client's import graph (seconds on a busy
// machine): bounded work, not a timing assertion, so it gets the server test's allowance.
describe('client import boundaries', { timeout: 120_000 }, () => {
  it('reports a feature importing another feature, resolving the .ts module', async () => {
    const rules = await lintAsClientFile(
      'features/tickets/lint-probe.ts',
      "export { fetchSubmissions } from '../areas/api';\n",
    );
    expect(rules).toEqual([ZONE_RULE]);
  });

  it('reports lib/ importing the form engine, resolving the .tsx module', async () => {
    const rules = await lintAsClientFile(
      'lib/lint-probe.ts',
      "export { StoredData } from '../form-engine/stored-data';\n",
    );
    expect(rules).toEqual([ZONE_RULE]);
  });

  it('reports the form engine importing app/', async () => {
    const rules = await lintAsClientFile('form-engine/lint-probe.ts', "export { routes } from '../app/router';\n");
    expect(rules).toEqual([ZONE_RULE]);
  });

  it('passes a feature importing lib/, components/ and the form engine', async () => {
    const code = [
      "export { fetchAreas } from '../../lib/area-api';",
      "export { NotFound } from '../../components/not-found';",
      "export { StoredData } from '../../form-engine/stored-data';",
      "export { fetchTicket } from './api';",
      '',
    ].join('\n');
    expect(await lintAsClientFile('features/tickets/lint-probe.ts', code)).toEqual([]);
  });

  it('gives every folder of src/client/features its own zone', async () => {
    const features = readdirSync(join(ROOT, 'src/client/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) {
      const other = feature === 'areas' ? '../tickets/api' : '../areas/api';
      const rules = await lintAsClientFile(`features/${feature}/lint-probe.ts`, `export * from '${other}';\n`);
      expect(rules, feature).toEqual([ZONE_RULE]);
    }
  });

  it('checks src/client for import cycles (the fixtures above prove the rule itself)', async () => {
    const config = (await realConfig.calculateConfigForFile(join(ROOT, 'src/client/lib/http.ts'))) as Linter.Config;
    expect(config.rules?.[CYCLE_RULE]).toMatchObject([2, { ignoreExternal: true }]);
    expect(config.rules?.[ZONE_RULE]).toMatchObject([2, { zones: expect.any(Array) as unknown }]);
  });
});
