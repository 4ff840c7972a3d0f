/**
 * The server's import boundaries (lint/server-boundaries.js, docs/architecture.md) are enforced by
 * the real ESLint configuration: each rule is shown to fail on a deliberate violation and to pass
 * the allowed import next to it. Probe files are written into src/server for the run (the zones
 * are path-based and type-aware linting needs files on disk) and removed afterwards.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const probe = `lint-probe-${process.pid}`;
const written: string[] = [];

function write(relative: string, text: string): string {
  const path = join(root, relative);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  written.push(path);
  return path;
}

let eslint: ESLint;

/** Rule ids reported for `path`, with their messages. */
async function problems(path: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintFiles([path]);
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

async function ruleIds(path: string): Promise<(string | null)[]> {
  return (await problems(path)).map((problem) => problem.ruleId);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

afterAll(() => {
  for (const path of written) rmSync(path, { force: true });
  rmSync(join(root, 'src/server/lib', probe), { recursive: true, force: true });
});

describe('server import boundaries', { timeout: 120_000 }, () => {
  it('refuses a domain module imported from outside the domain except through its index.ts', async () => {
    const bad = write(
      `src/server/routes/api/${probe}-bad.ts`,
      "export { listTickets } from '../../domains/tickets/list';\n",
    );
    const good = write(
      `src/server/routes/api/${probe}-good.ts`,
      "export { listTickets } from '../../domains/tickets';\n",
    );
    expect(await ruleIds(bad)).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(good)).toEqual([]);
  });

  it("refuses one domain reaching into another's files, allows its index.ts and its own files", async () => {
    const bad = write(
      `src/server/domains/tickets/${probe}-bad.ts`,
      "export { ticketVisibility } from '../submissions/visibility';\n",
    );
    const good = write(
      `src/server/domains/tickets/${probe}-good.ts`,
      "export { ticketVisibility } from '../submissions';\nexport { listTickets } from './list';\n",
    );
    const found = await problems(bad);
    expect(found.map((problem) => problem.ruleId)).toContain('import-x/no-restricted-paths');
    expect(found.map((problem) => problem.message).join()).toContain("only through that domain's index.ts");
    expect(await ruleIds(good)).toEqual([]);
  });

  it('refuses a domain importing a route, a plugin or the seed', async () => {
    const bad = write(
      `src/server/domains/tickets/${probe}-upward.ts`,
      [
        "export { ticketRoutes } from '../../routes/api/tickets/index';",
        "export { domainsPlugin } from '../../plugins/domains';",
        "export { seedPortalData } from '../../seed/index';",
        '',
      ].join('\n'),
    );
    expect((await ruleIds(bad)).filter((id) => id === 'import-x/no-restricted-paths')).toHaveLength(3);
  });

  it('refuses lib/ importing a domain or a table, allows lib importing lib', async () => {
    const bad = write(
      `src/server/lib/${probe}-bad.ts`,
      "export { listTickets } from '../domains/tickets';\nexport { users } from '../db/schema';\n",
    );
    const good = write(`src/server/lib/${probe}-good.ts`, "export { encodeCursor } from './cursor';\n");
    expect((await ruleIds(bad)).filter((id) => id === 'import-x/no-restricted-paths')).toHaveLength(2);
    expect(await ruleIds(good)).toEqual([]);
  });

  it('refuses a route reading tables directly and db/ importing a domain', async () => {
    const route = write(`src/server/routes/api/${probe}-table.ts`, "export { submissions } from '../../db/schema';\n");
    const table = write(
      `src/server/db/tables/${probe}-domain.ts`,
      "export { listTickets } from '../../domains/tickets';\n",
    );
    expect(await ruleIds(route)).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(table)).toContain('import-x/no-restricted-paths');
  });

  it('refuses an import cycle', async () => {
    const a = write(`src/server/lib/${probe}/a.ts`, "import { b } from './b';\nexport const a = (): unknown => b;\n");
    write(`src/server/lib/${probe}/b.ts`, "import { a } from './a';\nexport const b = (): unknown => a;\n");
    expect(await ruleIds(a)).toContain('import-x/no-cycle');
  });

  it('refuses the server importing client code and shared code importing Node or the server', async () => {
    const server = write(`src/server/lib/${probe}-client.ts`, "export { paths } from '../../client/config/paths';\n");
    const shared = write(`src/shared/${probe}-node.ts`, "export { join } from 'node:path';\n");
    expect(await ruleIds(server)).toContain('no-restricted-imports');
    expect(await ruleIds(shared)).toContain('no-restricted-imports');
  });
});
