/**
 * The built portal for the e2e project's browser tests: portal-process.ts's child process, on a
 * fresh data folder (by default a copy of the seeded folder the global setup made, which vitest
 * provides).
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { spawnPortal, type PortalServer } from './portal-process';

export { findFreePort, type PortalServer } from './portal-process';

/**
 * A new data folder: a copy of the template the e2e project's global setup made (a portal's
 * folder right after its first start: database created and seeded, signing keys written), or an
 * empty one when there is none or `fromTemplate` is false (the first start then creates it all).
 */
function newDataDir(fromTemplate: boolean): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'tm-e2e-data-'));
  const template = fromTemplate ? inject('portalDataTemplate') : undefined;
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Starts the portal and waits until `GET /api/health` answers 200 (at most `timeoutMs`).
 * Pass the same `dataDir` and `port` again to restart on the same data; `env` adds or overrides
 * server variables (e.g. `SCHEMAS_DIR`).
 */
export async function startPortal(
  options: {
    dataDir?: string;
    port?: number;
    timeoutMs?: number;
    env?: Record<string, string>;
    /** Without `dataDir`: start on a copy of the global setup's seeded folder (default) or on an empty one. */
    fromTemplate?: boolean;
  } = {},
): Promise<PortalServer> {
  const { fromTemplate = true, ...rest } = options;
  return spawnPortal({ ...rest, dataDir: options.dataDir ?? newDataDir(fromTemplate) });
}
