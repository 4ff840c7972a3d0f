import { join } from 'node:path';
import { findPackageRoot } from '../lib/package-root';

/**
 * Folder of the committed drizzle-kit migrations. Resolved from the package root so it works from
 * `src/server/**` (tsx, vitest) and from the bundled `dist/server/server.js`.
 */
export function migrationsFolder(): string {
  return join(findPackageRoot(), 'src', 'server', 'db', 'migrations');
}
