/**
 * The stack's floor for `npm run bench:lighthouse` (docs/performance.md "Lighthouse"): two stock
 * pages, bundled here with esbuild (production React, minified) and served on a loopback port of
 * their own, brotli-compressed as the portal serves its assets, so Lighthouse can measure them in
 * the same run and under the same throttling as the portal's pages.
 *
 * - `/stock/shell` (scripts/bench/baseline-shell-page.tsx): React 19, react-router's data router
 *   and ky; a route whose loader fetches `/stock/ticket.json` (AP's example) and draws it.
 * - `/stock/form` (scripts/bench/baseline-form-page.tsx): React 19 and stock @rjsf/core drawing
 *   AP's form (schema and UI schema bundled in, the portal's own widgets left out, the schema's
 *   precompiled validator module), no request after its script.
 * - `/stock/full-form` (scripts/bench/baseline-full-form-page.tsx): the stock form with the
 *   libraries the portal's widgets stand on for AP's fields (choices.js, flatpickr, slate and
 *   slate-react), in the same one script, each built on its field's first focus.
 *
 * What the portal's pages do on top of these costs more; a target a stock page misses under the
 * same throttling is out of the pages' reach on this stack.
 */
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { generateValidatorModule } from '../../src/server/domains/areas/validator-generation';
import { SEED_PROPERTIES } from '../../src/server/seed/data';
import type { JsonObject } from '../../src/shared/json';
import { withoutPortalWidgets } from './bench-support';

const ROOT = resolve(import.meta.dirname, '../..');
/** The area whose form and example the stock pages draw (the same as the portal pages measured). */
const AREA = 'AP';

export type BaselineServer = { baseUrl: string; close: () => Promise<void> };

type Asset = { type: string; body: Buffer; brotli: Buffer };

function asset(type: string, body: string | Uint8Array): Asset {
  const bytes = Buffer.from(body);
  return {
    type,
    body: bytes,
    brotli: brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', AREA, file), 'utf8')) as JsonObject;

/** The module `bench:baseline-case` (scripts/bench/baseline-case.d.ts) for AP. */
function baselineCasePlugin(): Plugin {
  const schema = readJson('schema.json');
  const area = readJson('area.json');
  const source = [
    `export const TITLE = ${JSON.stringify(area.title)};`,
    `export const SCHEMA = ${JSON.stringify(schema)};`,
    `export const UI_SCHEMA = ${JSON.stringify(withoutPortalWidgets(readJson('ui.json')))};`,
    `export const PROPERTIES = ${JSON.stringify(SEED_PROPERTIES.map(({ code, name }) => ({ code, name })))};`,
    generateValidatorModule(schema).replace('export default function validators', 'export function validators'),
  ].join('\n');
  return {
    name: 'baseline-case',
    setup(builder) {
      builder.onResolve({ filter: /^bench:baseline-case$/ }, (args) => ({ path: args.path, namespace: 'baseline' }));
      builder.onLoad({ filter: /.*/, namespace: 'baseline' }, () => ({
        contents: source,
        loader: 'js',
        resolveDir: ROOT,
      }));
    },
  };
}

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'scripts/bench', entry)],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2023',
    write: false,
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
    plugins: [baselineCasePlugin()],
    logLevel: 'error',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  return output.text;
}

function page(title: string, script: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    `<script type="module" src="${script}"></script>`,
    '</head>',
    '<body><div id="root"></div></body>',
    '</html>',
  ].join('\n');
}

/** The ticket the stock shell draws: AP's example as a title and name/value pairs. */
function ticketJson(): string {
  const example = readJson('example.json');
  const fields = Object.entries(example).flatMap(([name, value]) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [[name, String(value)]] : [],
  );
  return JSON.stringify({
    title: `${AREA}-1: ${typeof example.vendorName === 'string' ? example.vendorName : ''}`,
    fields,
  });
}

/**
 * Bundles the stock pages and serves them on 127.0.0.1 (a random port) until `close`; `sizes`
 * gives each page's script in KB of gzip -9 (as `npm run size` counts).
 */
export async function startBaselineServer(): Promise<
  BaselineServer & { sizes: { shell: number; form: number; fullForm: number } }
> {
  const [shell, form, fullForm] = await Promise.all([
    bundle('baseline-shell-page.tsx'),
    bundle('baseline-form-page.tsx'),
    bundle('baseline-full-form-page.tsx'),
  ]);
  const js = 'text/javascript; charset=utf-8';
  const html = 'text/html; charset=utf-8';
  const assets = new Map<string, Asset>([
    ['/stock/shell', asset(html, page('Stock shell', '/stock/shell.js'))],
    ['/stock/shell.js', asset(js, shell)],
    ['/stock/ticket.json', asset('application/json', ticketJson())],
    ['/stock/form', asset(html, page('Stock form', '/stock/form.js'))],
    ['/stock/form.js', asset(js, form)],
    ['/stock/full-form', asset(html, page('Stock form with widgets', '/stock/full-form.js'))],
    ['/stock/full-form.js', asset(js, fullForm)],
  ]);
  const server: Server = createServer((request, response) => {
    const found = assets.get(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const brotli = /\bbr\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': found.type,
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    response.end(brotli ? found.brotli : found.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const gzipKb = (name: string) => gzipSync(assets.get(name)?.body ?? '', { level: 9 }).length / 1024;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    sizes: {
      shell: gzipKb('/stock/shell.js'),
      form: gzipKb('/stock/form.js'),
      fullForm: gzipKb('/stock/full-form.js'),
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
