/**
 * `npm run size` (run by `npm test` after the build): the JavaScript each page loads, gzip level 9,
 * against its budget. Reads the built web app's chunk graph (`dist/client/.vite/manifest.json`,
 * Vite's `build.manifest`): a page loads the entry with its static imports, the service worker's
 * registration (`workbox-window`, asked for on every page), its route module with its static
 * imports, and — on a form page — the form body's chunk (with the form engine) and the widget modules its area's schemas call for, decided by the
 * form engine's own rule (src/client/form-engine/widget-needs.ts) on the folder in `schemas/`.
 * Every area's create page is checked: one whose form uses no rich-text editor against the
 * plain-form budget, the others against the full one. Prints a table; on a page over its budget,
 * also the chunks it loads, largest first; exits 1 when any page is over, or when two chunks
 * import each other. docs/performance.md explains the figures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WIDGET_MODULE_NAMES, widgetModulesFor, type WidgetModuleName } from '../src/client/form-engine/widget-needs';
import type { JsonObject } from '../src/shared/json';

const ROOT = new URL('..', import.meta.url).pathname;
const DIST = join(ROOT, 'dist/client');
const MANIFEST = join(DIST, '.vite/manifest.json');
const SCHEMAS = join(ROOT, 'schemas');
const WIDGET_MODULES_FILE = 'form-engine/widgets/widget-modules.ts';

/**
 * Budgets in KB (1,024 bytes) of gzip: the home page (and every other page without a form), and
 * what a form page may add to it — a form without the rich-text editor, and one with every widget.
 * They hold today's figures with a few KB to spare, once the client validates with precompiled
 * validators instead of ajv's compiler (which weighs about 39 KB more on each form page);
 * docs/performance.md "Page weight" says what each page loads. The home page's went from 150 to
 * 134 KB when oidc-client-ts left the pages that do not sign in (about 17 KB), and to 131 KB when
 * the entry's static imports were bundled into one chunk with it (about 3 KB: fewer chunk boundaries).
 * 132 since dates and numbers are written without Intl on the pages that show them (the display
 * rules left the entry for chunks of their own with date-fns' `lightFormat`: home 130.6 → 131.3,
 * for 35–240 ms less main-thread work on each page: docs/performance.md "Lighthouse").
 */
const HOME_BUDGET_KB = 132;
/**
 * The /Tickets queue: the shell plus the queue's table, filters and column chooser (about 6.5 KB);
 * the bulk bar, the shortcut list and the saved views are chunks of their own, loaded when used or
 * beside the page. 139 (was 138) since the display rules are chunks of their own (see the home page's).
 */
const QUEUE_BUDGET_KB = 139;
const PLAIN_FORM_EXTRA_KB = 125;
/**
 * 185 until the create page's form body became a chunk of its own (its header shows before the
 * form engine has loaded): with that change the fullest form, EmployeeInjury, went from 334.2 to
 * 336.2 KB, most of it the new chunk's boundaries (its imports and the modules both chunks share).
 * 188 (was 187) since the select keeps the letters typed while its list closes (EmployeeInjury
 * 319.0 → 319.2 KB).
 */
const FULL_FORM_EXTRA_KB = 188;

type ManifestChunk = { file: string; name?: string; src?: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;
type Page = { label: string; keys: string[]; budgetKb: number };

function fail(message: string): never {
  console.error(`size check: ${message}`);
  process.exit(1);
}

if (!existsSync(MANIFEST)) fail(`${MANIFEST} is missing: run \`npm run build\` first.`);
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The manifest key of a module: its source path (relative to src/client), or the shared chunk named after it. */
function keyOf(source: string): string {
  if (manifest[source]) return source;
  const name = posix.basename(source).replace(/\.[^.]+$/, '');
  const found = Object.keys(manifest).find(
    (key) => manifest[key]?.name === name || manifest[key]?.src?.includes(source),
  );
  return found ?? fail(`no chunk in the manifest holds ${source}: did the module move? (scripts/check-size.ts)`);
}

/** Each widget module's chunks: the `import('…')`s of its line in the form engine's loader table. */
function widgetModuleKeys(): Record<WidgetModuleName, string[]> {
  const text = readFileSync(join(ROOT, 'src/client', WIDGET_MODULES_FILE), 'utf8');
  const table =
    /const LOADERS = \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? fail(`no LOADERS table in ${WIDGET_MODULES_FILE}`);
  const keys: Partial<Record<WidgetModuleName, string[]>> = {};
  for (const [, name = '', body = ''] of table.matchAll(/^\s*(\w+): (.*)$/gm)) {
    keys[name as WidgetModuleName] = [...body.matchAll(/import\('([^']+)'\)/g)].map(([, target = '']) =>
      target.startsWith('.')
        ? keyOf(posix.join(posix.dirname(WIDGET_MODULES_FILE), target))
        : keyOf(`node_modules/${target}/`),
    );
  }
  for (const name of WIDGET_MODULE_NAMES) {
    if (!keys[name]?.length) fail(`widget module ${name} has no import in ${WIDGET_MODULES_FILE}`);
  }
  return keys as Record<WidgetModuleName, string[]>;
}

/** The chunk files a page with these starting keys loads: each with its static imports, transitively. */
function pageFiles(keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? fail(`manifest has no ${key}`);
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/**
 * Chunks that import each other, as `a → b → a`: with manual chunk groups (vite.config.ts) a module
 * outside a group that imports one inside it can make two chunks import each other, and then one
 * of them runs before the other has set up what it exports (the form failed with "s is not a
 * function").
 */
function chunkCycles(): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, path: string[]) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'open') {
      cycles.push([...path.slice(path.indexOf(key)), key].map((step) => manifest[step]?.file ?? step).join(' → '));
      return;
    }
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) visit(imported, [...path, key]);
    state.set(key, 'done');
  };
  Object.keys(manifest).forEach((key) => visit(key, []));
  return cycles;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as JsonObject;

const entry = 'index.html';
const serviceWorker = (manifest[entry]?.dynamicImports ?? []).filter((key) => key.includes('workbox-window'));
const shell = [entry, ...serviceWorker];
const widgetKeys = widgetModuleKeys();
/** A create page: its route module, and the form body with the form engine that it loads at once. */
const createPage = ['app/routes/area-create.tsx', keyOf('features/areas/components/create-submission.tsx')];

const pages: Page[] = [
  { label: 'home (signed in or out)', keys: [...shell, 'app/routes/home.tsx'], budgetKb: HOME_BUDGET_KB },
  { label: '/Tickets', keys: [...shell, 'app/routes/tickets.tsx'], budgetKb: QUEUE_BUDGET_KB },
  { label: '/Forms', keys: [...shell, 'app/routes/forms.tsx'], budgetKb: HOME_BUDGET_KB },
];
const areas = readdirSync(SCHEMAS, { withFileTypes: true }).filter(
  (entry) => entry.isDirectory() && !entry.name.startsWith('.'),
);
for (const { name } of areas) {
  const folder = join(SCHEMAS, name);
  if (!existsSync(join(folder, 'schema.json'))) continue;
  const uiSchema = existsSync(join(folder, 'ui.json')) ? readJson(join(folder, 'ui.json')) : {};
  const modules = widgetModulesFor(readJson(join(folder, 'schema.json')), uiSchema, { readonly: false });
  const isFull = modules.includes('richTextEditor');
  pages.push({
    label: `/${name}/Form (${modules.join(', ') || 'no widget modules'})`,
    keys: [...shell, ...createPage, ...modules.flatMap((module) => widgetKeys[module])],
    budgetKb: HOME_BUDGET_KB + (isFull ? FULL_FORM_EXTRA_KB : PLAIN_FORM_EXTRA_KB),
  });
}

const cycles = chunkCycles();
if (cycles.length)
  fail(`chunks import each other (see vite.config.ts, FORM_ENGINE_MODULES):\n  ${cycles.join('\n  ')}`);

let isOver = false;
const listed = new Map<string, string>();
console.log('JavaScript per page, gzip -9 (KB = 1,024 bytes), against its budget:');
for (const page of pages) {
  const files = [...pageFiles(page.keys)].sort((a, b) => gzipBytes(b) - gzipBytes(a));
  const total = files.reduce((sum, file) => sum + gzipBytes(file), 0);
  const over = total > page.budgetKb * 1024;
  isOver ||= over;
  console.log(
    `  ${over ? 'OVER' : 'ok  '} ${kb(total).padStart(6)} / ${String(page.budgetKb).padStart(3)}  ${page.label}`,
  );
  if (!over) continue;
  const set = files.join(' ');
  const same = listed.get(set);
  if (same) console.log(`         the same chunks as ${same}`);
  else for (const file of files) console.log(`         ${kb(gzipBytes(file)).padStart(6)}  ${file}`);
  if (!same) listed.set(set, page.label);
}
if (isOver) fail('a page is over its JavaScript budget (its chunks are listed under it); see docs/performance.md.');
console.log('Every page is within its budget.');
