/**
 * Precompression of the built web app (scripts/compress-assets.ts runs it after `vite build`): a
 * brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file — scripts,
 * styles, index.html, the service worker, the content database, SVG — so the server sends them
 * compressed without compressing on each request (src/server/plugins/static.ts, `@fastify/static`'s
 * `preCompressed`). Left out: files under 1 KiB (nothing to gain), source maps (only developer
 * tools fetch them), dot folders (`.vite/`), and a copy that would not be smaller than the file.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import { brotliTextOptions, GZIP_TEXT_OPTIONS } from '../../src/server/lib/precompression';

const TEXT_FILES = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

function textFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return TEXT_FILES.test(entry.name) && statSync(path).size >= MIN_BYTES ? [path] : [];
  });
}

/** Writes `<path>.br` and `<path>.gz` (each only when smaller); resolves with the three sizes in bytes. */
export async function compressFile(path: string): Promise<{ plain: number; br: number; gz: number }> {
  const plain = readFileSync(path);
  const [br, gz] = await Promise.all([
    toBrotli(plain, brotliTextOptions(plain.length)),
    toGzip(plain, GZIP_TEXT_OPTIONS),
  ]);
  if (br.length < plain.length) writeFileSync(`${path}.br`, br);
  if (gz.length < plain.length) writeFileSync(`${path}.gz`, gz);
  return { plain: plain.length, br: Math.min(br.length, plain.length), gz: Math.min(gz.length, plain.length) };
}

/** Bytes of the files compressed, in all: as they are, as brotli, as gzip (a copy not written counts as the file). */
export type CompressedSizes = { files: number; plain: number; br: number; gz: number };

/** Writes the `.br` and `.gz` copies of the text files under `folder` (see the module comment). */
export async function compressBuiltFiles(folder: string): Promise<CompressedSizes> {
  const sizes = await Promise.all(textFiles(folder).map(compressFile));
  const sum = (key: 'plain' | 'br' | 'gz') => sizes.reduce((total, size) => total + size[key], 0);
  return { files: sizes.length, plain: sum('plain'), br: sum('br'), gz: sum('gz') };
}
