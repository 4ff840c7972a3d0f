/**
 * The good rjsf corpus (tests/fixtures/rjsf-corpus/good) in the built app, as an administrator
 * would drop it in: one portal with SCHEMAS_DIR set to the corpus, one browser, one page. For each
 * area the create form renders without a console error, the detail page of a submission created
 * through the API (its example) shows the data, the area's list shows the submission (a form of
 * one field: its value as the one column), and where the support helper can fill the form
 * from the example as a person does (20 of the 33 areas) it is filled in and submitted through
 * the form.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

const GOOD = new URL('../fixtures/rjsf-corpus/good/', import.meta.url);
type Json = Parameters<typeof fillForm>[1];
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * Per area: texts its detail page shows for the example, as people read them (docs/behaviour.md
 * "Showing values": `1,450.75`, `Mar 14, 2026`) (in the page's text or its fields'
 * values), and either `fill` (a person can fill the form from the example: it is filled in and
 * submitted through the form) or why the form is not filled here (the support helper types and
 * clicks as a person does and cannot do that); those forms are still rendered and their data
 * shown.
 */
const CASES: Record<string, { shows: string[]; fill?: true; notFilled?: string }> = {
  AdditionalProperties: { shows: ['Meters', 'unitA', '1200'], notFilled: 'fields the user adds by name' },
  AllOf: { shows: ['Lee', 'Park', '41'], fill: true },
  ArrayOfObjects: { shows: ['Inspect roof', 'Order shingles'], fill: true },
  BooleanWidgets: { shows: ['No pets'], notFilled: 'boolean radios labelled by oneOf titles' },
  DataUrlFile: { shows: ['scan.png'], notFilled: 'file inputs' },
  DateWidgets: { shows: ['Mar 14, 2026'], notFilled: 'alt-date and alt-datetime selects' },
  Defaults: { shows: ['Front desk', '555-0000', 'portal'], notFilled: 'a read-only field' },
  EnumObjects: { shows: ['High', 'Two rooms', 'Green'], notFilled: 'radios labelled by ui:enumNames' },
  Examples: { shows: ['B-204', 'Troy'], fill: true },
  Files: { shows: ['Water stain', 'stain.png'], notFilled: 'file uploads' },
  Formats: { shows: ['a@tm.example', 'portal.tm.example', '10.0.0.7', '2001:db8::7'], fill: true },
  IfThenElse: { shows: ['K1A 0B1', '25'], fill: true },
  MoreKeywords: { shows: ['ABC', 'something'], notFilled: 'fields the user adds by name' },
  MultipleChoice: { shows: ['gym', 'parking'], fill: true },
  NestedArrays: { shows: ['Seat grid'], fill: true },
  NestedObjects: { shows: ['Dana Reyes', '12 Elm Street', '62704', 'P-1002'], fill: true },
  Nullable: { shows: ['250.5', 'maybe'], fill: true },
  Numbers: { shows: ['120', '1,450.75'], fill: true },
  OneOfAnyOf: { shows: ['ops@tm.example', 'ABC-1', 'X1'], fill: true },
  Ordering: { shows: ['first', 'second', 'third'], fill: true },
  PropertyDependencies: { shows: ['Kim', '3 Pine Rd', 'kim@tm.example'], fill: true },
  Rating: { shows: ['Quick fix'], notFilled: 'rating stars' },
  RecursiveRefs: { shows: ['Ana', 'Ben'], fill: true },
  References: { shows: ['1 Main St', 'Albany', '2 Side St', '+1 555 0100'], fill: true },
  RichTextImage: { shows: ['pipe', 'burst'], notFilled: 'a rich-text document and an image display' },
  SchemaDependencies: { shows: ['Rex', '3 Pine Rd'], fill: true },
  SimpleArrays: { shows: ['plumbing', 'urgent', '12.5'], fill: true },
  SingleArray: { shows: ['101', '102B'], fill: true },
  SingleNumber: { shows: ['3'], fill: true },
  SingleString: { shows: ['Please replace the lobby light bulb.'], fill: true },
  StringWidgets: {
    shows: ['hello', 'ops@tm.example', 'https://tm.example/a', 'typed text'],
    notFilled: 'hidden fields',
  },
  TupleArrays: { shows: ['office', 'feature'], notFilled: 'tuple positions of mixed types' },
  UiOptions: { shows: ['Jane Doe', 'shh', 'X-1'], notFilled: 'disabled and read-only fields' },
};

type Area = { key: string; title: string; example: Json };
const areas: Area[] = readdirSync(GOOD)
  .sort()
  .map((key) => ({
    key,
    title: (JSON.parse(readFileSync(new URL(`${key}/area.json`, GOOD), 'utf8')) as { title: string }).title,
    example: JSON.parse(readFileSync(new URL(`${key}/example.json`, GOOD), 'utf8')) as Json,
  }));

let portal: PortalServer;
let context: BrowserContext;
let page: Page;
/** Console errors and uncaught page errors since the last {@link takeErrors}. */
let errors: string[] = [];

function takeErrors(): string[] {
  const taken = errors;
  errors = [];
  // Playwright blocks service workers in these tests (support/browser.ts)
  return taken.filter((text) => !text.startsWith('The offline worker could not be registered'));
}

beforeAll(async () => {
  // One user opens four pages and submits twice per area, one area after another: well over the
  // per-user limit of 600 API requests a minute on a fast run (answered 429). The limit is not
  // what this file tests (tests/api/api-rate-limit.test.ts does).
  portal = await startPortal({ env: { SCHEMAS_DIR: GOOD.pathname, API_RATE_LIMIT_PER_MINUTE: '0' } });
  context = await launchBrowser();
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  await page.goto(`${portal.baseUrl}/Forms`);
  await signInOnProviderPage(page, 'employee');
  await page.waitForURL(`${portal.baseUrl}/Forms`);
});

afterAll(async () => {
  await closeBrowser(context);
  await portal?.stop();
});

/**
 * POSTs `data` to the area as the signed-in user (with the page's own access token); file
 * references are uploaded first (a PNG under each reference's name). Resolves the new submission.
 */
async function createThroughApi(key: string, data: Json): Promise<{ id: string; number: string }> {
  return page.evaluate(
    async ([area, json, png]) => {
      const value = JSON.parse(json) as unknown;
      const storageKey = Object.keys(localStorage).find((name) => name.startsWith('auth.user:'));
      const token = (JSON.parse(localStorage.getItem(storageKey ?? '') ?? '{}') as { access_token?: string })
        .access_token;
      const headers = { authorization: `Bearer ${token}` };
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const upload = async (ref: { id?: string; name?: string }) => {
        const body = new FormData();
        body.append('file', new Blob([bytes], { type: 'image/png' }), ref.name ?? 'file.png');
        const response = await fetch('/api/attachments', { method: 'POST', headers, body });
        ref.id = ((await response.json()) as { id: string }).id;
      };
      if (area === 'Files') {
        for (const ref of (value as { photos: Array<{ id?: string; name?: string }> }).photos) await upload(ref);
      }
      const response = await fetch(`/api/areas/${area}/submissions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify(value),
      });
      if (response.status !== 201) throw new Error(`${area}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string; number: string };
    },
    // the data as JSON text: playwright's argument type of a recursive JSON value is too deep for tsc
    [key, JSON.stringify(data), PNG_1X1] as const,
  );
}

/** What the submitted-data section shows: its text, and the values and chosen options of its fields. */
async function shownData(): Promise<string> {
  return page.locator('section.detail-data').evaluate((section) => {
    const values = [...section.querySelectorAll('input, textarea')].map((field) => (field as HTMLInputElement).value);
    const chosen = [...section.querySelectorAll('select')].flatMap((select) =>
      [...select.selectedOptions].map((option) => option.text),
    );
    return [(section as HTMLElement).innerText, ...values, ...chosen].join('\n');
  });
}

describe('the good rjsf corpus in the browser', () => {
  it('has a case for every area of the corpus', () => {
    expect(areas.map((area) => area.key)).toEqual(Object.keys(CASES).sort());
  });

  for (const area of areas) {
    const { shows, fill } = CASES[area.key] ?? { shows: [] };
    it(`${area.key}: the form renders, and the detail page and the list show the example's data`, async () => {
      takeErrors();
      await page.goto(`${portal.baseUrl}/${area.key}/Form`);
      await page.getByRole('heading', { level: 1, name: `New ${area.title}` }).waitFor();
      await page.getByRole('button', { name: 'Submit' }).waitFor();
      expect(await page.locator('form.area-form').count()).toBe(1);
      expect(takeErrors(), 'console errors on the form page').toEqual([]);

      const created = await createThroughApi(area.key, area.example);
      await page.goto(`${portal.baseUrl}/${area.key}/${created.id}`);
      await page.getByRole('heading', { level: 1, name: `${created.number} — ${area.title}` }).waitFor();
      await page.locator('section.detail-data form.area-form').waitFor();
      await expect.poll(shownData).toSatisfy((text: string) => shows.every((wanted) => text.includes(wanted)));
      expect(takeErrors(), 'console errors on the detail page').toEqual([]);

      await page.goto(`${portal.baseUrl}/${area.key}`);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: created.number }) });
      await row.waitFor();
      // a form of one field lists the value itself as its one column
      if (typeof area.example !== 'object' || Array.isArray(area.example)) {
        await expect.poll(() => row.innerText()).toContain(shows[0] ?? '');
      }
      expect(takeErrors(), 'console errors on the list page').toEqual([]);

      if (!fill) return;
      await page.goto(`${portal.baseUrl}/${area.key}/Form`);
      await page.getByRole('heading', { level: 1, name: `New ${area.title}` }).waitFor();
      await fillForm(page, area.example);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(new RegExp(`/${area.key}/[0-9a-f-]{36}$`)).catch(async (error: unknown) => {
        const problems = await page.locator('.errors, [role="alert"]').allInnerTexts();
        throw new Error(`${String(error)}\nshown on the page: ${problems.join(' | ')}`);
      });
      await expect.poll(shownData).toSatisfy((text: string) => shows.every((wanted) => text.includes(wanted)));
      expect(takeErrors(), 'console errors while filling and submitting').toEqual([]);
    });
  }
});
