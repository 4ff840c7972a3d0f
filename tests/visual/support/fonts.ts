/**
 * One font for every screenshot, whatever fonts the machine has: Inter from the `@fontsource/inter`
 * package, served to the browser by a route (the portal never sees these requests) and forced on
 * every element by a stylesheet that an init script links into each document. The portal's own
 * stack (`--font-sans` in src/client/styles/base.css) names system fonts, which differ from one
 * machine to the next; the stylesheet is linked from the page's own origin, so the portal's
 * Content-Security-Policy (`style-src 'self'`, `font-src 'self'`) allows it unchanged.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';

/** Where the stylesheet and the font files appear to be, on the portal's origin. */
const PREFIX = '/__visual__/fonts/';
const FAMILY = 'Visual Inter';
const FILES_DIR = join(dirname(fileURLToPath(import.meta.resolve('@fontsource/inter/package.json'))), 'files');

/** The weights the portal's CSS uses (400 to 800), upright, and 400 and 700 italic (`em`, `strong em`). */
const FACES = [
  ...[400, 500, 600, 700, 800].map((weight) => ({ weight, style: 'normal' })),
  ...[400, 700].map((weight) => ({ weight, style: 'italic' })),
];

const fileName = (face: { weight: number; style: string }) => `inter-latin-${face.weight}-${face.style}.woff2`;

const STYLESHEET = [
  ...FACES.map(
    (face) =>
      `@font-face { font-family: '${FAMILY}'; font-style: ${face.style}; font-weight: ${face.weight}; ` +
      `font-display: block; src: url('${PREFIX}${fileName(face)}') format('woff2'); }`,
  ),
  `:root { --font-sans: '${FAMILY}', sans-serif !important; --font-mono: '${FAMILY}', monospace !important; }`,
  `*, *::before, *::after { font-family: '${FAMILY}', sans-serif !important; }`,
].join('\n');

/** Serves the stylesheet and the font files to `context` and links the stylesheet into every document it opens. */
export async function useVisualFont(context: BrowserContext): Promise<void> {
  await context.route(`**${PREFIX}**`, async (route) => {
    const name = new URL(route.request().url()).pathname.slice(PREFIX.length);
    if (name === 'fonts.css') {
      await route.fulfill({ contentType: 'text/css', body: STYLESHEET });
    } else if (FACES.some((face) => fileName(face) === name)) {
      await route.fulfill({ contentType: 'font/woff2', body: readFileSync(join(FILES_DIR, name)) });
    } else {
      await route.fulfill({ status: 404 });
    }
  });
  await context.addInitScript((href) => {
    const link = () => {
      const element = document.createElement('link');
      element.rel = 'stylesheet';
      element.href = href;
      document.head.append(element);
    };
    if (document.head) link();
    else document.addEventListener('DOMContentLoaded', link, { once: true });
  }, `${PREFIX}fonts.css`);
}

/**
 * Resolves once the page's fonts have loaded and the forced face is in use (throws otherwise: a
 * screenshot in a fallback font would differ from the baseline for the wrong reason).
 */
export async function visualFontReady(page: Page): Promise<void> {
  const loaded = await page.evaluate(async (family) => {
    await document.fonts.ready;
    return document.fonts.check(`400 16px '${family}'`) && getComputedStyle(document.body).fontFamily.includes(family);
  }, FAMILY);
  if (!loaded) throw new Error(`the font '${FAMILY}' is not in use on ${page.url()}`);
}
