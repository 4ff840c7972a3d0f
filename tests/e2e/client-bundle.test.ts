/**
 * The built web app (dist/client, made by `npm run build` before this project runs) makes no code
 * from strings, so it runs under a `script-src 'self'` Content Security Policy without
 * `unsafe-eval`: no `eval(`, `new Function(` or `Function(` in its JavaScript (forms validate with
 * precompiled validator modules, src/shared/precompiled-validators.ts). And ajv's compiler is not
 * in it: no source of the built files (their source maps) is ajv's compiler, its code generator,
 * its keyword vocabularies or the URI library ajv bundles; only ajv's run-time helpers and
 * ajv-formats' format functions are. And oidc-client-ts is not among what every page loads (the
 * entry and its static imports, from the build's `.vite/manifest.json`): only the sign-in module's
 * chunk holds it (src/client/lib/portal-auth.ts, stored-tokens.ts). And what every page loads
 * before its first render is two scripts, the entry and the bundler's run-time helpers (the
 * `shell` chunk group in vite.config.ts; docs/performance.md "One chunk before the first render").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const DIST = join(import.meta.dirname, '../../dist/client');

/** Every file below `dir` whose name ends with `suffix`. */
function filesIn(dir: string, suffix: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `eval(`, `new Function(`, and `Function(` called (with or without `new`), each not part of a longer name. */
const CODE_FROM_STRINGS = /(?<![\w$.])(?:eval|Function)\s*\(/g;

/** The sources (from its source map) of the built file `file` (relative to dist/client); none without a map. */
function sourcesOf(file: string): string[] {
  const map = join(DIST, `${file}.map`);
  return existsSync(map) ? (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources : [];
}

type ManifestChunk = { file: string; imports?: string[] };

/** The files every page loads: the entry (`index.html`) and its static imports, transitively. */
function entryFiles(manifest: Record<string, ManifestChunk>): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    (manifest[key]?.imports ?? []).forEach(visit);
  };
  visit('index.html');
  return [...seen].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
}

/** A source of oidc-client-ts, and what stays of it in built code: its logger's and channels' names. */
const OIDC_CLIENT = /node_modules\/oidc-client-ts\//;
const OIDC_CLIENT_CODE = /[`'"](?:OidcClient|UserManager|oidc-client)[`'"-]/;

/** Sources of ajv's compiler: what compiles a schema into code at run time. */
const AJV_COMPILER =
  /node_modules\/(?:ajv\/(?:dist|lib)\/(?:compile|vocabularies|core|ajv)\b|ajv\/node_modules\/|ajv-formats\/dist\/(?:index|limit)\b|json-schema-traverse\/)/;

describe('the built web app', () => {
  const scripts = existsSync(DIST) ? filesIn(DIST, '.js') : [];

  it('is built (run `npm run build` first)', () => {
    expect(scripts.length).toBeGreaterThan(0);
  });

  it('makes no code from strings: no eval(, new Function( or Function(', () => {
    const found = scripts.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(CODE_FROM_STRINGS)].map(
        (match) => `${relative(DIST, file)}: …${text.slice(Math.max(0, match.index - 40), match.index + 40)}…`,
      );
    });
    expect(found).toEqual([]);
  });

  it('does not contain ajv’s compiler', () => {
    const maps = filesIn(DIST, '.js.map');
    expect(maps.length).toBeGreaterThan(0);
    const sources = maps.flatMap((file) => (JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((source) => /node_modules\/ajv\/dist\/runtime\//.test(source))).toBe(true);
    expect(sources.filter((source) => AJV_COMPILER.test(source))).toEqual([]);
  });

  it('loads two scripts on every page: the entry and the bundler’s run-time helpers', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const everyPage = entryFiles(manifest);
    expect(everyPage).toHaveLength(2);
    expect(everyPage.filter((file) => !/^assets\/(index|rolldown-runtime)-[\w-]+\.js$/.test(file))).toEqual([]);
    const html = readFileSync(join(DIST, 'index.html'), 'utf8');
    expect([...html.matchAll(/<link rel="modulepreload"[^>]*>/g)]).toHaveLength(1);
  });

  it('loads oidc-client-ts only with the sign-in module, not on every page', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const everyPage = entryFiles(manifest);
    expect(everyPage.length).toBeGreaterThan(0);
    expect(everyPage.filter((file) => sourcesOf(file).some((source) => OIDC_CLIENT.test(source)))).toEqual([]);
    expect(everyPage.filter((file) => OIDC_CLIENT_CODE.test(readFileSync(join(DIST, file), 'utf8')))).toEqual([]);
    const signIn = manifest['lib/portal-auth.ts']?.file ?? '';
    expect(sourcesOf(signIn).some((source) => OIDC_CLIENT.test(source))).toBe(true);
    expect(readFileSync(join(DIST, signIn), 'utf8')).toMatch(OIDC_CLIENT_CODE);
  });
});
