// Writes the web app icons (the portal installs as a web app: manifest and icons) as PNG files
// into public/icons/: 192 and 512 px "any" icons and a 512 px maskable icon (content inside the
// central 80 % safe zone). Pure Node (zlib), no image library: `node scripts/generate-icons.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';

const BLUE = [30, 58, 138];
const WHITE = [255, 255, 255];
const AMBER = [245, 158, 11];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** RGBA PNG of `size` px; `paint(x, y)` (0..1 coordinates) returns [r, g, b, a]. */
function png(size, paint) {
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x += 1) {
      const [r, g, b, a] = paint((x + 0.5) / size, (y + 0.5) / size);
      const offset = y * (size * 4 + 1) + 1 + x * 4;
      raw[offset] = r;
      raw[offset + 1] = g;
      raw[offset + 2] = b;
      raw[offset + 3] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const inside = (x, y, [x0, y0, x1, y1]) => x >= x0 && x < x1 && y >= y0 && y < y1;

/** "TM" in white block letters and an amber bar, drawn in a box scaled by `scale` around the centre. */
function glyph(x, y, scale) {
  const u = (x - 0.5) / scale + 0.5;
  const v = (y - 0.5) / scale + 0.5;
  const shapes = [
    [0.14, 0.28, 0.46, 0.36], // T bar
    [0.26, 0.28, 0.34, 0.68], // T stem
    [0.52, 0.28, 0.6, 0.68], // M left
    [0.78, 0.28, 0.86, 0.68], // M right
  ];
  if (shapes.some((box) => inside(u, v, box))) return WHITE;
  // M diagonals
  if (v >= 0.28 && v < 0.52) {
    const t = (v - 0.28) / 0.24;
    if (Math.abs(u - (0.56 + 0.13 * t)) < 0.04 || Math.abs(u - (0.82 - 0.13 * t)) < 0.04) return WHITE;
  }
  if (inside(u, v, [0.14, 0.74, 0.86, 0.79])) return AMBER;
  return null;
}

function roundedIcon(x, y) {
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return [0, 0, 0, 0];
  return [...(glyph(x, y, 1) ?? BLUE), 255];
}

function maskableIcon(x, y) {
  return [...(glyph(x, y, 0.7) ?? BLUE), 255]; // full bleed; the letters stay in the safe zone
}

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('icon-192.png', dir), png(192, roundedIcon));
writeFileSync(new URL('icon-512.png', dir), png(512, roundedIcon));
writeFileSync(new URL('icon-maskable-512.png', dir), png(512, maskableIcon));
console.log('wrote public/icons/icon-192.png, icon-512.png, icon-maskable-512.png');
