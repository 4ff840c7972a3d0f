/**
 * `npm run build:server`: bundles `src/server/server.ts` into `dist/server/server.js` (ESM, Node 22,
 * with a source map). Packages stay outside the bundle, loaded from node_modules at run time, except
 * {@link BUNDLED}: pure-JavaScript ES module packages of many files whose start-up cost is Node's
 * module loader, not their code. For every file it loads, Node 22 parses the `exports` map of the
 * file's package.json again (date-fns' is ~200 KB, drizzle-orm's ~180 KB): importing date-fns took
 * 2.7–4 s on a busy machine and 60–90 MB of short-lived memory, drizzle-orm 0.6–1.3 s
 * (docs/performance.md "Start and memory"). Bundled, they cost what their code costs. Nothing else
 * may import a bundled package at run time (a second copy would not share its classes): they are
 * used by src/server only.
 *
 * Code the server imports with `import()` (the validator module generator) goes into a chunk of its
 * own under `dist/server/chunks/`, loaded when first needed: in one file, its packages' imports
 * would be hoisted to the top and loaded at start.
 */
import { build, type Plugin } from 'esbuild';

/** Packages bundled into the server (see the module comment). */
const BUNDLED = new Set(['date-fns', 'drizzle-orm', 'typebox']);

/** The package a bare import specifier names (`@scope/name` or `name`), or null for a relative or absolute path. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? null);
}

/** Every package import stays external but those of {@link BUNDLED}. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = packageOf(path);
      return name !== null && BUNDLED.has(name) ? undefined : { path, external: true };
    });
  },
};

await build({
  entryPoints: ['src/server/server.ts'],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  splitting: true,
  outdir: 'dist/server',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
});
