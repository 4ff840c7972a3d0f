/**
 * Fills an rjsf form the way a person does — typing, choosing options, ticking boxes, pressing
 * "Add" for repeating sections — from a plain JSON value such as an area's `example.json`.
 *
 * Field ids follow rjsf's scheme (`root_<field>_<index>_<field>`); the add button of an array is
 * `root_<field>__add`. Conditional fields appear only once the fields they depend on are set, so
 * unfilled fields are retried after each pass (at most 4 passes).
 */
import type { Locator, Page } from 'playwright-core';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

type Leaf = { id: string; value: string | number | boolean } | { id: string; files: FileRef[] };

/** A file reference in form data (`{ id, name, size, mediaType }`, src/shared/attachment.ts). */
type FileRef = { id: string; name: string; size: number; mediaType: string };

function isFileRef(value: Json): value is FileRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof value.id === 'string' &&
    typeof value.name === 'string' &&
    typeof value.mediaType === 'string' &&
    typeof value.size === 'number'
  );
}

/** A valid 1×1 PNG image (70 bytes). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A small PDF document (77 bytes, enough for content sniffing). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

/** A file to pick for a reference: a PNG for an image, a PDF otherwise, under the reference's name. */
export function fileFor(ref: { name: string; mediaType: string }): { name: string; mimeType: string; buffer: Buffer } {
  const image = ref.mediaType.startsWith('image/');
  return { name: ref.name, mimeType: image ? 'image/png' : 'application/pdf', buffer: image ? PNG_1X1 : PDF_BYTES };
}

function leaves(value: Json, id: string, out: Leaf[], arrays: Map<string, number>): void {
  if (value === null) return;
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isFileRef)) {
      // an attachments field: the files are picked, as a person does (fileFor)
      out.push({ id, files: value });
      return;
    }
    const primitives = value.filter((item): item is string | number | boolean => typeof item !== 'object' && item !== null);
    if (primitives.length === value.length) {
      // multi-select or checkboxes of primitives: one leaf per value
      primitives.forEach((item, index) => out.push({ id: `${id}__multi${index}`, value: item }));
      return;
    }
    arrays.set(id, value.length);
    value.forEach((item, index) => leaves(item, `${id}_${index}`, out, arrays));
    return;
  }
  if (typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) leaves(child, `${id}_${key}`, out, arrays);
    return;
  }
  out.push({ id, value });
}

async function fillLeaf(page: Page, leaf: Leaf): Promise<boolean> {
  if ('files' in leaf) {
    const input = page.locator(`input[type="file"]#${leaf.id}`);
    if ((await input.count()) === 0) return false;
    await input.setInputFiles(leaf.files.map(fileFor));
    // uploaded once each file is listed with its Remove button
    for (const file of leaf.files) {
      await page.getByRole('button', { name: `Remove ${file.name}`, exact: true }).waitFor();
    }
    return true;
  }
  const multi = /^(.*)__multi(\d+)$/.exec(leaf.id);
  if (multi) {
    const base = multi[1] ?? '';
    // not a multiple choice but a list of plain values: one row per value, added as a person adds it
    const add = page.locator(`#${base}__add`);
    const isChoice = (await page.locator(`select#${base}, [id^="${base}-"][type="checkbox"]`).count()) > 0;
    if (!isChoice && (await add.count()) > 0) {
      const row = page.locator(`#${base}_${multi[2] ?? '0'}`);
      if ((await row.count()) === 0) await add.click();
      return fillLeaf(page, { id: `${base}_${multi[2] ?? '0'}`, value: leaf.value });
    }
    const select = page.locator(`select#${base}`);
    if ((await select.count()) > 0 && (await isChoicesSelect(select))) {
      await chooseInChoices(page, select, String(leaf.value));
      return true;
    }
    if ((await select.count()) > 0) {
      const selected = await select.evaluate((el) => [...(el as HTMLSelectElement).selectedOptions].map((o) => o.index));
      const index = await optionIndex(select, String(leaf.value));
      await select.selectOption([...new Set([...selected, index])].map((i) => ({ index: i })));
      return true;
    }
    const box = page.locator(`[id^="${base}-"][type="checkbox"][value="${String(leaf.value)}"]`);
    if ((await box.count()) === 0) {
      const byLabel = page.locator(`#${base}`).getByLabel(String(leaf.value), { exact: true });
      if ((await byLabel.count()) === 0) return false;
      await byLabel.check();
      return true;
    }
    await box.check();
    return true;
  }
  const field = page.locator(`#${leaf.id}`);
  if ((await field.count()) === 0) return false;
  const kind = await field.evaluate((el) =>
    el.getAttribute('role') === 'radiogroup'
      ? 'radiogroup'
      : (el as HTMLElement).isContentEditable || (el as HTMLElement).dataset.richText === 'lazy'
        ? 'richtext'
        : (el as HTMLElement).dataset.format
          ? `picker:${(el as HTMLElement).dataset.format}`
          : `${el.tagName.toLowerCase()}:${(el as HTMLInputElement).type ?? ''}`,
  );
  if (kind === 'richtext') {
    // the rich-text editor (built by the click when not used yet): a person types the words; the examples hold older HTML values (`<p>…</p>`)
    await field.click();
    await page.keyboard.insertText(String(leaf.value).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim());
  } else if (kind === 'radiogroup') {
    // radio groups: inputs are `<id>-<n>` inside labels carrying the option's text
    const wanted = typeof leaf.value === 'boolean' ? (leaf.value ? 'Yes' : 'No') : String(leaf.value);
    await field.getByLabel(wanted, { exact: true }).check();
  } else if (kind.startsWith('select') && (await isChoicesSelect(field))) {
    await chooseInChoices(page, field, String(leaf.value));
  } else if (kind.startsWith('select')) {
    await field.selectOption({ index: await optionIndex(field, String(leaf.value)) });
  } else if (kind.startsWith('picker:')) {
    // flatpickr inputs (date, time, date-time): typed as the person sees them, taken on Tab (blur)
    const typed = kind === 'picker:date-time' ? await localDateTime(field, String(leaf.value), ' ') : String(leaf.value).slice(0, kind === 'picker:time' ? 5 : undefined);
    await field.fill(typed);
    await field.press('Tab');
  } else if (kind === 'input:datetime-local') {
    // the stored value is UTC ISO 8601; a person types the local wall-clock time the browser shows
    await field.fill(await localDateTime(field, String(leaf.value), 'T'));
  } else if (kind === 'input:checkbox') {
    await field.setChecked(Boolean(leaf.value));
  } else {
    await field.fill(String(leaf.value));
  }
  return true;
}

/** The browser's local wall-clock time for a UTC ISO 8601 value: `YYYY-MM-DD<separator>HH:MM`. */
async function localDateTime(field: Locator, iso: string, separator: string): Promise<string> {
  return field.evaluate(
    (_, [value, sep]) => {
      const date = new Date(value);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}${sep}${pad(date.getHours())}:${pad(date.getMinutes())}`;
    },
    [iso, separator] as const,
  );
}

/**
 * True when a `<select>` is driven by choices.js: already built (the portal's select widget hides
 * the select in it), or still the plain select it builds choices.js on at first use (`data-choices="lazy"`).
 */
async function isChoicesSelect(select: Locator): Promise<boolean> {
  return select.evaluate((el) => el.closest('.choices') !== null || (el as HTMLElement).dataset.choices === 'lazy');
}

/**
 * Picks an option of a choices.js select the way a person does: opens the dropdown with a click,
 * types the wanted text into its search box and clicks the matching entry (same label rule as
 * {@link optionIndex}).
 */
export async function chooseInChoices(page: Page, select: Locator, wanted: string): Promise<void> {
  const box = page.locator('.choices').filter({ has: select });
  // a select not used yet is a plain one until pressed: the press builds choices.js and opens it
  if (await select.evaluate((el) => (el as HTMLElement).dataset.choices === 'lazy')) await select.click();
  else await box.click();
  const search = box.locator('input.choices__input--cloned');
  if ((await search.count()) > 0) await search.fill(wanted.split(' ')[0] ?? wanted);
  const items = box.locator('.choices__list--dropdown .choices__item--selectable');
  await items.first().waitFor();
  const labels = (await items.allInnerTexts()).map((label) => label.trim());
  let index = labels.indexOf(wanted);
  if (index < 0) index = labels.findIndex((label) => label.startsWith(`${wanted} `));
  if (index < 0) throw new Error(`option "${wanted}" not offered; options: ${labels.join(' | ')}`);
  await items.nth(index).click();
  await page.keyboard.press('Escape');
}

/**
 * rjsf's select options carry their position as `value`, so a person's choice is found by the
 * visible label: the exact value, or a label that starts with it (`P-1003 — Maple Court`).
 */
async function optionIndex(select: Locator, wanted: string): Promise<number> {
  const labels = await select.locator('option').allInnerTexts();
  const trimmed = labels.map((label) => label.trim());
  let index = trimmed.indexOf(wanted);
  if (index < 0) index = trimmed.findIndex((label) => label.startsWith(`${wanted} `));
  if (index < 0) throw new Error(`option "${wanted}" not offered; options: ${trimmed.join(' | ')}`);
  return index;
}


/** Creates the rows of repeating sections (outer arrays before inner ones) whose "Add" button is on the page. */
async function addRows(page: Page, arrays: ReadonlyMap<string, number>, onlyShown: boolean): Promise<void> {
  for (const [arrayId, length] of [...arrays].sort(([a], [b]) => a.length - b.length)) {
    const add = page.locator(`#${arrayId}__add`);
    if (onlyShown && (await add.count()) === 0) continue;
    for (let index = 0; index < length; index += 1) {
      if ((await page.locator(`[id^="${arrayId}_${index}_"]`).count()) > 0) continue;
      await add.click();
    }
  }
}

/** Fills what of `pending` the page shows, in passes (conditional fields appear as others are set): what it never found. */
async function fillShown(page: Page, pending: Leaf[], stopWhenStuck: boolean): Promise<Leaf[]> {
  for (let pass = 0; pass < 4 && pending.length > 0; pass += 1) {
    const missed: Leaf[] = [];
    for (const leaf of pending) if (!(await fillLeaf(page, leaf))) missed.push(leaf);
    // on a step, most fields are on other steps: a pass that filled nothing ends the step
    if (stopWhenStuck && missed.length === pending.length) return missed;
    pending = missed;
  }
  return pending;
}

/**
 * Fills the form on `page` with `data` (the value rjsf should end up with). Throws on fields it never found.
 * A form shown as steps (UI schema `ui:steps`) is filled step by step, pressing "Next" after each,
 * and left on its review step, whose "Submit" sends it.
 */
export async function fillForm(page: Page, data: Json): Promise<void> {
  const out: Leaf[] = [];
  const arrays = new Map<string, number>();
  leaves(data, 'root', out, arrays);
  await page.locator('form.area-form').first().waitFor();
  if ((await page.locator('.stepped-form').count()) === 0) {
    await addRows(page, arrays, false);
    const pending = await fillShown(page, out, false);
    if (pending.length > 0) throw new Error(`fields not found: ${pending.map((leaf) => leaf.id).join(', ')}`);
    return;
  }
  let pending = out;
  const next = page.getByRole('button', { name: /^(Next|Back to review)$/ });
  // the review step has no "Next": its read-only fields are not to be filled
  while ((await next.count()) > 0) {
    await addRows(page, arrays, true);
    pending = await fillShown(page, pending, true);
    const count = page.locator('.form-steps__count');
    const before = await count.innerText();
    await next.click();
    await page
      .locator('.form-steps__count', { hasNotText: before })
      .waitFor()
      .catch(async (error: unknown) => {
        const shown = await page.locator('.errors, [role="alert"], .error-detail').allInnerTexts();
        throw new Error(`${String(error)}\n"Next" did not leave ${before}; shown: ${shown.join(' | ')}`);
      });
  }
  if (pending.length > 0) throw new Error(`fields not found: ${pending.map((leaf) => leaf.id).join(', ')}`);
}

/** Fills the fields of `data` the page shows now (one step of a form shown as steps), pressing nothing. */
export async function fillShownFields(page: Page, data: Json): Promise<void> {
  const out: Leaf[] = [];
  const arrays = new Map<string, number>();
  leaves(data, 'root', out, arrays);
  await addRows(page, arrays, true);
  await fillShown(page, out, true);
}
