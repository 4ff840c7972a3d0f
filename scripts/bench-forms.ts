/**
 * `npm run bench:forms` (figures in docs/performance.md): in headless Chromium (playwright-core,
 * Debian's /usr/bin/chromium, the e2e launch flags), on the largest of the areas in schemas/ (by
 * schema size) and on a generated form with a 1,000-row repeating section, measures mount time and
 * per-keystroke time (median and p90, ms) of the portal's renderer (AreaForm) and of stock
 * @rjsf/core with the same schema, in the same run, and prints the figures and the ratios
 * ours ÷ stock (keystrokes go to row 11 of the long section, on screen for both renderers), and the
 * time of the blur that ends each round's typing (ours: the row's edits are committed to the form
 * then). Targets: keystroke p90 ≤ 16 ms on the 1,000-row form; mount ≤ 0.7× stock as the median
 * of BENCH_RUNS (10) runs on the largest area, each run its own interleaved rounds and ratio; the
 * runs' ratios, their median and spread are printed. Ours validates
 * with the schema's precompiled validator module, generated here as the server generates it; stock
 * rjsf with its default validator, which compiles in the page.
 * Figures, not assertions: no test asserts a timing.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/support/browser';
import { generateValidatorModule } from '../src/server/domains/areas/validator-generation';
import type { JsonObject } from '../src/shared/json';
import { withoutPortalWidgets } from './lib/bench-support';

const ROOT = resolve(import.meta.dirname, '..');
/** Rounds per renderer (the first is warm-up and not counted); each mounts once and types KEYSTROKES / ROUNDS keys. */
const ROUNDS = 9;
const KEYSTROKES = 72;
/** Mounts per renderer and round (all but the last unmounted at once; the last is typed into). */
const MOUNTS_PER_ROUND = Number(process.env.BENCH_MOUNTS ?? 5);
const ROWS = 1000;
/** BENCH_ORDER=ours,stock runs ours first (to check that the order does not decide the result). */
/** Runs on the largest area, each of ROUNDS interleaved rounds: the mount ratio is the median of the runs' ratios. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 10));
const ORDER = (process.env.BENCH_ORDER ?? 'stock,ours')
  .split(',')
  .filter((r): r is 'stock' | 'ours' => r === 'stock' || r === 'ours');

type Case = {
  name: string;
  schema: JsonObject;
  uiSchema: JsonObject;
  stockUiSchema: JsonObject;
  data: JsonObject;
  inputId: string;
  /** The precompiled validator module of `schema` (src/shared/precompiled-validators.ts). */
  validatorModule: string;
};

async function largestArea(): Promise<Case> {
  const dir = join(ROOT, 'schemas');
  const folders = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isDirectory());
  const sized = await Promise.all(
    folders.map(async (f) => ({ name: f.name, size: (await stat(join(dir, f.name, 'schema.json'))).size })),
  );
  const largest = sized.sort((a, b) => b.size - a.size)[0];
  if (!largest) throw new Error('no areas in schemas/');
  const read = async (file: string) =>
    JSON.parse(await readFile(join(dir, largest.name, file), 'utf8').catch(() => '{}')) as JsonObject;
  const schema = await read('schema.json');
  const uiSchema = await read('ui.json');
  const properties = schema.properties as Record<string, { type?: string; format?: string; enum?: unknown }>;
  const textField = Object.entries(properties).find(([, p]) => p.type === 'string' && !p.format && !p.enum)?.[0];
  if (!textField) throw new Error(`${largest.name} has no plain text field to type into`);
  const data: JsonObject = {};
  return {
    name: `${largest.name} (largest area)`,
    schema,
    uiSchema,
    stockUiSchema: withoutPortalWidgets(uiSchema),
    data,
    inputId: `root_${textField}`,
    validatorModule: generateValidatorModule(schema),
  };
}

function thousandRows(): Case {
  const schema: JsonObject = {
    type: 'object',
    title: 'Generated inventory',
    properties: {
      reference: { type: 'string', title: 'Reference' },
      rows: {
        type: 'array',
        title: 'Rows',
        items: {
          type: 'object',
          required: ['item'],
          properties: {
            item: { type: 'string', title: 'Item' },
            quantity: { type: 'integer', title: 'Quantity', minimum: 0 },
            note: { type: 'string', title: 'Note' },
          },
        },
      },
    },
  };
  const rows = Array.from({ length: ROWS }, (_, index) => ({
    item: `Item ${index + 1}`,
    quantity: index % 7,
    note: '',
  }));
  return {
    name: `generated, ${ROWS}-row repeating section`,
    schema,
    uiSchema: {},
    stockUiSchema: {},
    data: { reference: 'R-1', rows },
    inputId: 'root_rows_10_note',
    validatorModule: generateValidatorModule(schema),
  };
}

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function bundle(outDir: string): Promise<string> {
  const outfile = join(outDir, 'forms-page.js');
  await build({
    entryPoints: [join(ROOT, 'scripts/bench/forms-page.tsx')],
    bundle: true,
    // Names kept so BENCH_PROFILE=1 can say which functions the time goes to.
    minifyWhitespace: true,
    minifySyntax: true,
    format: 'iife',
    platform: 'browser',
    outfile,
    jsx: 'automatic',
    loader: { '.css': 'empty' },
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' },
    logLevel: 'error',
  });
  return outfile;
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};

/** CPU profile of `run` on the page; prints `label`'s time per `count` and the functions with the most self time. */
async function profiled(page: Page, label: string, count: number, run: () => Promise<unknown>): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await run();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await cdp.detach();
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, index) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const name = node.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') continue;
    byName.set(name, (byName.get(name) ?? 0) + (byNode.get(node.id) ?? 0));
  }
  const total = [...byName.values()].reduce((a, b) => a + b, 0);
  // Sampled time on the page's thread, which a busy machine inflates less than wall-clock p90.
  console.log(`  profiled main-thread time per ${label} (ours): ${ms(total / 1000 / count)}`);
  console.log(`  self time by function (ours, ${count} × ${label}):`);
  for (const [name, micros] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
    console.log(
      `    ${(micros / 1000).toFixed(1).padStart(8)} ms  ${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}`,
    );
  }
  console.log('');
}

/** BENCH_PROFILE=1: CPU profiles of 8 mounts (with their unmounts) and of 18 keystrokes in our renderer. */
async function profileOurs(page: Page, test: Case): Promise<void> {
  await profiled(page, 'mount', 8, async () => {
    for (let i = 0; i < 8; i += 1) {
      await page.evaluate(() => window.formsBench.mount('ours'));
      await page.evaluate(() => window.formsBench.unmount());
    }
  });
  await page.evaluate(() => window.formsBench.mount('ours'));
  await profiled(page, 'keystroke', 18, () =>
    page.evaluate(([id, n]) => window.formsBench.type(id, n), [test.inputId, 18] as const),
  );
  await page.evaluate(() => window.formsBench.unmount());
}

type Results = Record<'stock' | 'ours', { mount: number[]; keys: number[]; blur: number[] }>;

/** One run: ROUNDS interleaved rounds per renderer (the first is warm-up and not counted). */
async function measure(page: Page, test: Case): Promise<Results> {
  const results: Results = { stock: { mount: [], keys: [], blur: [] }, ours: { mount: [], keys: [], blur: [] } };
  // Interleaved rounds (stock, ours, ours, stock, …) so JIT warm-up, GC and a busy machine hit both alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ORDER : [...ORDER].reverse();
    for (const renderer of order) {
      // extra mounts (each unmounted at once) so the mount figures rest on more than one sample per round
      const mounts: number[] = [];
      for (let extra = 1; extra < MOUNTS_PER_ROUND; extra += 1) {
        mounts.push(await page.evaluate((r) => window.formsBench.mount(r), renderer));
        await page.evaluate(() => window.formsBench.unmount());
      }
      const mounted = await page.evaluate((r) => window.formsBench.mount(r), renderer);
      mounts.push(mounted);
      const keys = await page.evaluate(([id, n]) => window.formsBench.type(id, n), [
        test.inputId,
        KEYSTROKES / ROUNDS,
      ] as const);
      const blurred = await page.evaluate((id) => window.formsBench.blur(id), test.inputId);
      await page.evaluate(() => window.formsBench.unmount());
      if (round === 0) continue; // warm-up
      results[renderer].mount.push(...mounts);
      results[renderer].keys.push(...keys);
      results[renderer].blur.push(blurred);
    }
  }
  return results;
}

async function main(): Promise<void> {
  const outDir = await mkdtemp(join(tmpdir(), 'tm-bench-forms-'));
  const userDataDir = await mkdtemp(join(tmpdir(), 'tm-bench-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const script = await bundle(outDir);
    const page = await context.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.addScriptTag({ path: script });
    console.log(
      `bench:forms — headless Chromium; a run is ${ROUNDS - 1} interleaved rounds per renderer (after one warm-up), each ${MOUNTS_PER_ROUND} mounts and ${KEYSTROKES / ROUNDS} keystrokes; ${RUNS} runs on the largest area, 1 on the ${ROWS}-row form\n`,
    );
    for (const [index, test] of [await largestArea(), thousandRows()].entries()) {
      await page.evaluate((json) => window.formsBench.load(json), JSON.stringify(test));
      // The mount target is a ratio on the largest area: measured over RUNS runs, each of
      // interleaved rounds, and judged on the median of the runs' ratios. The 1,000-row form's
      // figures are absolute (its stock mount alone takes half a second): one run.
      const runs = index === 0 ? RUNS : 1;
      const pooled: Results = { stock: { mount: [], keys: [], blur: [] }, ours: { mount: [], keys: [], blur: [] } };
      const ratios: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const results = await measure(page, test);
        for (const renderer of ['stock', 'ours'] as const) {
          for (const kind of ['mount', 'keys', 'blur'] as const)
            pooled[renderer][kind].push(...results[renderer][kind]);
        }
        ratios.push(median(results.ours.mount) / median(results.stock.mount));
      }
      const { stock, ours } = pooled;
      console.log(`${test.name}${runs > 1 ? ` (${runs} runs pooled)` : ''}`);
      console.log(
        `  ${'renderer'.padEnd(10)} ${'mount median'.padStart(13)} ${'mount p90'.padStart(10)} ${'key median'.padStart(11)} ${'key p90'.padStart(10)} ${'blur median'.padStart(12)}`,
      );
      for (const [label, r] of [
        ['stock rjsf', stock],
        ['ours', ours],
      ] as const) {
        console.log(
          `  ${label.padEnd(10)} ${ms(median(r.mount)).padStart(13)} ${ms(percentile(r.mount, 90)).padStart(10)} ${ms(median(r.keys)).padStart(11)} ${ms(percentile(r.keys, 90)).padStart(10)} ${ms(median(r.blur)).padStart(12)}`,
        );
      }
      const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
      if (runs > 1) {
        const sorted = [...ratios].sort((a, b) => a - b);
        console.log(`  mount ours/stock per run: ${ratios.map((r) => r.toFixed(2)).join(' ')}`);
        console.log(
          `  mount ratio: median of ${runs} runs ${median(ratios).toFixed(3)}× (target ≤ 0.70×), ` +
            `spread ${sorted[0]?.toFixed(2)}–${sorted.at(-1)?.toFixed(2)}×, ${ratios.filter((r) => r > 0.7).length} of ${runs} runs above 0.70×`,
        );
      } else {
        console.log(`  ratio ours/stock: mount median ${ratio(median(ours.mount), median(stock.mount))}`);
      }
      console.log(
        `  key median ${ratio(median(ours.keys), median(stock.keys))}, key p90 ${ratio(percentile(ours.keys, 90), percentile(stock.keys, 90))}`,
      );
      console.log(`  keystroke p90 ours ${ms(percentile(ours.keys, 90))} (target ≤ 16 ms on the ${ROWS}-row form)\n`);
      if (process.env.BENCH_PROFILE) await profileOurs(page, test);
    }
  } finally {
    await context.close();
    await rm(outDir, { recursive: true, force: true });
    await rm(userDataDir, { recursive: true, force: true });
  }
}

await main();
