/**
 * `npm run bench:reports` (docs/performance.md): whether the grid stays
 * responsive with 500 properties × 8 reports. Bundles scripts/bench/report-grid-page.tsx with
 * esbuild, serves it on 127.0.0.1 (with a PATCH /save echo endpoint standing in for the API, no
 * database), and drives Debian's Chromium through playwright-core with the e2e launch flags. Runs
 * the windowed grid and a plain React table baseline alternately in the same browser, and prints
 * median and p90 (ms) and grid/plain ratios for render, cell update visible, and cell update
 * saved + redrawn. Figures only; nothing asserted.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import type { BenchWindow } from './bench/report-grid-page';

const ROOT = join(import.meta.dirname, '..');
const PROPERTIES = Number(process.env.BENCH_PROPERTIES ?? 500);
const RUNS = Number(process.env.BENCH_RUNS ?? 12);
const UPDATES = Number(process.env.BENCH_UPDATES ?? 10);

type Result = { render: number; visible: number[]; saved: number[]; cells: number };

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1) + 0.5))] ?? NaN;
}

async function main(): Promise<void> {
  const bundle = await build({
    entryPoints: [join(ROOT, 'scripts/bench/report-grid-page.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const css = [
    'src/client/components/ui/ui.css',
    'src/client/styles/base.css',
    'src/client/features/report-tracker/report-tracker.css',
  ]
    .map((file) => readFileSync(join(ROOT, file), 'utf8'))
    .join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body><div id="bench"></div><script>${script}</script></body></html>`;
  const server = createServer((request, response) => {
    if (request.method === 'PATCH') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const cell = JSON.parse(body) as { version: number };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ...cell, version: cell.version + 1 }));
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    const results: Record<'grid' | 'plain', Result[]> = { grid: [], plain: [] };
    // One warm-up of each, then alternate so both see the same machine load.
    for (const variant of ['grid', 'plain'] as const) {
      await page.evaluate(([v, n]) => (window as unknown as BenchWindow).bench.measure(v, n, 2), [
        variant,
        PROPERTIES,
      ] as const);
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const variant of run % 2 ? (['plain', 'grid'] as const) : (['grid', 'plain'] as const)) {
        results[variant].push(
          await page.evaluate(([v, n, u]) => (window as unknown as BenchWindow).bench.measure(v, n, u), [
            variant,
            PROPERTIES,
            UPDATES,
          ] as const),
        );
      }
    }
    const figures = (variant: 'grid' | 'plain') => {
      const rs = results[variant];
      const series = {
        render: rs.map((r) => r.render),
        visible: rs.flatMap((r) => r.visible),
        saved: rs.flatMap((r) => r.saved),
      };
      return Object.fromEntries(
        Object.entries(series).map(([name, values]) => [
          name,
          { median: quantile(values, 0.5), p90: quantile(values, 0.9) },
        ]),
      ) as Record<keyof typeof series, { median: number; p90: number }>;
    };
    const grid = figures('grid');
    const plain = figures('plain');
    console.log(
      `bench:reports — ${PROPERTIES} properties × 8 reports (${PROPERTIES * 8} cells), ${RUNS} runs, ${UPDATES} updates per run, headless Chromium`,
    );
    console.log('measure                 grid median/p90 ms   plain median/p90 ms   ratio grid/plain (median, p90)');
    for (const [name, label] of [
      ['render', 'render'],
      ['visible', 'cell update visible'],
      ['saved', 'cell saved + redrawn'],
    ] as const) {
      const g = grid[name];
      const p = plain[name];
      console.log(
        `${label.padEnd(24)}${`${g.median.toFixed(1)} / ${g.p90.toFixed(1)}`.padEnd(21)}${`${p.median.toFixed(1)} / ${p.p90.toFixed(1)}`.padEnd(22)}${(g.median / p.median).toFixed(2)}, ${(g.p90 / p.p90).toFixed(2)}`,
      );
    }
    console.log(
      'grid = windowed rows with contain: layout (AccountingGridTable); plain = every row rendered, no memo, no containment.',
    );
    console.log('"saved" is a round trip to a local echo endpoint (no database), then the redraw.');
  } finally {
    await browser.close();
    server.close();
  }
}

await main();
