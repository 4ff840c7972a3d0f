/**
 * A long form shown as steps (IncidentForm's `ui:steps`): an employee meets a required field left
 * empty on "Next", goes back a step and finds the answers kept, checks the review, edits a step from
 * it, submits, and sees the detail page. Screenshots of a step and the review at 375 and 1280 px go
 * to `SHOTS_DIR` (default test-results/form-steps/).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeAllBrowsers } from './support/browser';
import { fillForm, fillShownFields } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signedInPage } from './support/sign-in';

type FormValue = Parameters<typeof fillForm>[1];
const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../schemas/IncidentForm/example.json', import.meta.url), 'utf8'),
) as Record<string, FormValue>;
const SHOTS_DIR = process.env.SHOTS_DIR ?? new URL('../../test-results/form-steps/', import.meta.url).pathname;

let portal: PortalServer;
let page: Page;

/** The step indicator's count ("Step 2 of 7") and the step it marks as current. */
async function indicator(): Promise<{ count: string; current: string }> {
  const count = await page.locator('.form-steps__count').innerText();
  const current = await page.locator('.form-steps [aria-current="step"]').innerText();
  return { count, current };
}

/** The id, or the tag and text, of the element holding the keyboard focus. */
function focused(): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    return element.id || `${element.tagName}:${(element.textContent ?? '').trim()}`;
  });
}

async function shoot(name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS_DIR}${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  portal = await startPortal();
  page = await signedInPage(portal.baseUrl, 'employee', '/IncidentForm/Form');
});

afterAll(async () => {
  await closeAllBrowsers();
  await portal?.stop();
});

describe('a property incident filled in step by step', () => {
  it('opens on step 1 of 7 with the steps listed', async () => {
    await page.getByRole('heading', { level: 2, name: 'The incident' }).waitFor();
    expect(await indicator()).toEqual({
      count: 'Step 1 of 7',
      current: expect.stringContaining('The incident') as string,
    });
    const titles = await page.locator('.form-steps li').allInnerTexts();
    expect(titles.map((title) => title.trim())).toEqual(
      expect.arrayContaining([
        expect.stringContaining('When and where'),
        expect.stringContaining('Photos and documents'),
        expect.stringContaining('Review and submit'),
      ]) as string[],
    );
    // only the step's fields are on the page
    expect(await page.locator('#root_title').count()).toBe(1);
    expect(await page.locator('#root_incidentDate').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
  });

  it('stays on the step when a required field is empty, with the error on it and the focus on the error summary', async () => {
    await fillShownFields(page, {
      property: EXAMPLE.property ?? null,
      incidentType: EXAMPLE.incidentType ?? null,
      severity: EXAMPLE.severity ?? null,
    });
    await page.getByRole('button', { name: 'Next' }).click();
    const titleGroup = page.locator('#root_title').locator('xpath=ancestor::*[contains(@class,"form-group")][1]');
    await expect.poll(() => titleGroup.innerText()).toMatch(/required/i);
    expect((await indicator()).count).toBe('Step 1 of 7');
    // as on any failed submit, the focus goes to the error summary, whose link leads to the field
    const summary = page.locator('.error-summary');
    await expect.poll(() => summary.evaluate((element) => element === document.activeElement)).toBe(true);
    await summary.getByRole('link', { name: /Short title/ }).click();
    await expect.poll(focused).toBe('root_title');
    // the fields of later steps are not reported yet
    expect(await page.locator('.area-form').innerText()).not.toMatch(/Date of incident/);
    await shoot('step-error');
  });

  it('moves on once the step is complete, the focus on the new step heading', async () => {
    await fillShownFields(page, { title: EXAMPLE.title ?? null });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'When and where' }).waitFor();
    expect(await indicator()).toEqual({
      count: 'Step 2 of 7',
      current: expect.stringContaining('When and where') as string,
    });
    await expect.poll(focused).toBe('H2:When and where');
    await shoot('step');
  });

  it('keeps the answers when going back a step and forward again', async () => {
    await fillShownFields(page, { location: EXAMPLE.location ?? null });
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { level: 2, name: 'The incident' }).waitFor();
    await expect.poll(focused).toBe('H2:The incident');
    expect(await page.locator('#root_title').inputValue()).toBe(EXAMPLE.title);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'When and where' }).waitFor();
    expect(await page.locator('#root_location').inputValue()).toBe(EXAMPLE.location);
  });

  it('keeps the answers of every step in the draft: a reload opens step 1 with them', async () => {
    // the draft is saved a moment after the last change: wait until it holds step 2's answer
    const location = EXAMPLE.location as string;
    await expect
      .poll(() =>
        page.evaluate(
          (wanted) => Object.values(localStorage).some((value: string) => value.includes(wanted)),
          location,
        ),
      )
      .toBe(true);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'The incident' }).waitFor();
    await expect.poll(() => page.locator('#root_title').inputValue()).toBe(EXAMPLE.title);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'When and where' }).waitFor();
    expect(await page.locator('#root_location').inputValue()).toBe(EXAMPLE.location);
  });

  it('reviews every answer read-only, with an Edit button per step', async () => {
    // the rest of the answers, from step 2 on (step 1 is done)
    const firstStep = new Set(['property', 'incidentType', 'severity', 'title']);
    await fillForm(page, Object.fromEntries(Object.entries(EXAMPLE).filter(([field]) => !firstStep.has(field))));
    await page.getByRole('heading', { level: 2, name: 'Review and submit' }).waitFor();
    expect(await indicator()).toEqual({
      count: 'Step 7 of 7',
      current: expect.stringContaining('Review and submit') as string,
    });
    await expect.poll(focused).toBe('H2:Review and submit');
    const review = page.locator('.stepped-form');
    await expect.poll(() => review.locator('input[id="root_title"]').first().inputValue()).toBe(EXAMPLE.title);
    expect(await review.getByRole('button', { name: /^Edit / }).count()).toBe(6);
    expect(
      await review.locator('input:not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled])').count(),
    ).toBe(0);
    await shoot('review');
  });

  it('edits a step from the review and comes straight back to it', async () => {
    await page.getByRole('button', { name: 'Edit The incident' }).click();
    await page.getByRole('heading', { level: 2, name: 'The incident' }).waitFor();
    await page.locator('#root_title').fill('Forced entry to storage units, building B (edited)');
    await page.getByRole('button', { name: 'Back to review' }).click();
    await page.getByRole('heading', { level: 2, name: 'Review and submit' }).waitFor();
    await expect
      .poll(() => page.locator('.stepped-form input[id="root_title"]').first().inputValue())
      .toBe('Forced entry to storage units, building B (edited)');
  });

  it("opens the step of the first field the server refuses, with the server's message on it", async () => {
    const route = `${portal.baseUrl}/api/areas/IncidentForm/submissions`;
    await page.route(route, (request) =>
      request.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 422,
          error: 'validation_failed',
          message: 'The submission has errors',
          errors: [{ path: '/location', message: 'is not a place on this property' }],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { level: 2, name: 'When and where' }).waitFor();
    await page.unroute(route);
    expect((await indicator()).count).toBe('Step 2 of 7');
    const group = page.locator('#root_location').locator('xpath=ancestor::*[contains(@class,"form-group")][1]');
    await expect.poll(() => group.innerText()).toContain('is not a place on this property');
    await expect.poll(focused).toBe('root_location');
    // the message does not hold the step: the server checks again on the next submit
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { level: 2, name: 'What happened' }).waitFor();
    for (const next of ['Police and fire department', 'Damage and actions', 'Photos and documents', 'Review and submit']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('heading', { level: 2, name: next }).waitFor();
    }
  });

  it('submits from the review and opens the new record', async () => {
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/IncidentForm\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: /IncidentForm-\d{6}/ }).waitFor();
    await expect
      .poll(() => page.locator('section.detail-data input[id="root_title"]').first().inputValue())
      .toBe('Forced entry to storage units, building B (edited)');
  });
});
