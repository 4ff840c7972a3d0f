import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Finds the nearest folder at or above `fromUrl` (a `file:` URL, normally `import.meta.url`) that
 * holds a `package.json`. Works from `src/server/**` under tsx and from the bundled
 * `dist/server/server.js`. Throws when no package.json is found up to the file-system root.
 */
export function findPackageRoot(fromUrl: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json found above ${fileURLToPath(fromUrl)}`);
    dir = parent;
  }
}
