/**
 * Run by `npm run build:client` after `vite build`: the `.br` and `.gz` copies of the built web
 * app's text files in `dist/client` (scripts/lib/compress-assets.ts). Prints what it wrote.
 */
import { relative } from 'node:path';
import { compressBuiltFiles } from './lib/compress-assets';

const DIST = new URL('../dist/client', import.meta.url).pathname;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

const sizes = await compressBuiltFiles(DIST);
if (sizes.files === 0) throw new Error(`${DIST} holds no text files: run \`vite build\` first.`);
console.log(
  `compress-assets: ${sizes.files} files in ${relative(process.cwd(), DIST)}, ${kb(sizes.plain)} → brotli ${kb(sizes.br)}, gzip ${kb(sizes.gz)}`,
);
