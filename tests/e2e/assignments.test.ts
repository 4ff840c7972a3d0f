/**
 * Assignments: an administrator creates a routing rule on /Assignments, tests it,
 * moves it with the keyboard; an employee submits a matching Marketing request and sees it
 * Assigned to the rule's role group; the administrator's "Test this rule" then finds it, and the
 * rule is deleted after confirming. A user without assignments:manage gets neither link nor page.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeBrowser, launchBrowser } from './support/browser';
import { fillForm } from './support/fill-form';
import { startPortal, type PortalServer } from './support/portal-server';
import { signInOnProviderPage } from './support/sign-in';

type FormValue = Parameters<typeof fillForm>[1];
const MARKETING = JSON.parse(
  readFileSync(new URL('../../schemas/Marketing/example.json', import.meta.url), 'utf8'),
) as FormValue;
const RULE = 'Resident events → Marketing';

let portal: PortalServer;
let adminContext: BrowserContext;
let employeeContext: BrowserContext;
let admin: Page;
let employee: Page;

async function signIn(page: Page, username: string): Promise<void> {
  await page.waitForURL(/\/oidc\//);
  await signInOnProviderPage(page, username);
}

const row = (name: string) =>
  admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name, exact: true }) });

beforeAll(async () => {
  portal = await startPortal();
  adminContext = await launchBrowser();
  adminContext.setDefaultTimeout(15_000);
  admin = await adminContext.newPage();
  employeeContext = await launchBrowser();
  employeeContext.setDefaultTimeout(15_000);
  employee = await employeeContext.newPage();
});

afterAll(async () => {
  await closeBrowser(adminContext);
  await closeBrowser(employeeContext);
  await portal?.stop();
});

describe('/Assignments', () => {
  it('shows an administrator the seeded rules in order, with a nav link', async () => {
    await admin.goto(`${portal.baseUrl}/Assignments`);
    await signIn(admin, 'admin');
    await admin.waitForURL(`${portal.baseUrl}/Assignments`);
    await admin.getByRole('heading', { name: 'Assignments', level: 1 }).waitFor();
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignments' }).waitFor();
    await row('Resident service requests → Maintenance').waitFor();
    await expect.poll(() => row('Resident service requests → Maintenance').getByRole('cell').first().innerText()).toBe(
      '1',
    );
  });

  it('says what is wrong per field and creates nothing when the form is incomplete', async () => {
    await admin.getByRole('button', { name: 'New rule' }).click();
    await admin.getByRole('button', { name: 'Create rule' }).click();
    await admin.getByText('Name is required').waitFor();
    await admin.getByText('Form area must be an existing form area').waitFor();
    await expect.poll(() => admin.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a rule with a field condition after testing it, appended last', async () => {
    const form = admin.getByRole('form', { name: 'New rule' });
    await form.getByLabel('Name').fill(RULE);
    await form.getByLabel('Form area').selectOption('Marketing');
    await form.getByLabel('Field').selectOption('requestType');
    await form.getByLabel('Value').selectOption('Resident event');
    await form.getByLabel('Assignee role group').selectOption({ label: 'Marketing' });
    await form.getByRole('button', { name: 'Test this rule' }).click();
    await admin.getByText('Matches 0 of the 0 most recent submissions.').waitFor();
    await form.getByRole('button', { name: 'Create rule' }).click();
    await row(RULE).waitFor();
    const rows = await admin.getByRole('rowheader').allInnerTexts();
    expect(rows.at(-1)).toBe(RULE);
    await expect.poll(() => row(RULE).innerText()).toContain('requestType = Resident event');
  });

  it('moves the rule up with the keyboard; focus stays on the moved rule', async () => {
    const before = await admin.getByRole('rowheader').allInnerTexts();
    const up = admin.getByRole('button', { name: `Move ${RULE} up` });
    await up.focus();
    await admin.keyboard.press('Enter');
    // the button had focus before the press, so wait for the move itself, then check focus
    await expect
      .poll(async () => (await admin.getByRole('rowheader').allInnerTexts()).indexOf(RULE), { timeout: 10_000 })
      .toBe(before.indexOf(RULE) - 1);
    await admin.waitForFunction(
      (name) => document.activeElement?.getAttribute('aria-label') === `Move ${name} up`,
      RULE,
    );
    const after = await admin.getByRole('rowheader').allInnerTexts();
    expect(after.indexOf(RULE)).toBe(before.indexOf(RULE) - 1);
    await admin.reload();
    await row(RULE).waitFor();
    expect(await admin.getByRole('rowheader').allInnerTexts()).toEqual(after);
  });
});

describe('a rule changed by someone else meanwhile', () => {
  it('is not overwritten: saving says so and shows the fresh rule', async () => {
    await admin.getByRole('button', { name: `Edit ${RULE}` }).click();
    const form = admin.getByRole('form', { name: `Edit rule ${RULE}` });
    await form.getByLabel('Name').fill(`${RULE} (edited)`);

    const otherTab = await adminContext.newPage();
    await otherTab.goto(`${portal.baseUrl}/Assignments`);
    await otherTab.getByRole('checkbox', { name: `Enabled: ${RULE}` }).click();
    await otherTab.getByText(`Disabled “${RULE}”`).waitFor();
    await otherTab.close();

    await form.getByRole('button', { name: 'Save rule' }).click();
    await admin
      .getByText(/was changed by someone else/)
      .first()
      .waitFor();
    await form.waitFor({ state: 'detached' });
    // the rules reload after the refusal: the other tab's change shows up
    await row(RULE).locator('input[type="checkbox"]:not(:checked)').waitFor();
    await expect.poll(() => row(`${RULE} (edited)`).count()).toBe(0);

    await row(RULE).getByRole('checkbox').click();
    await admin.getByText(`Enabled “${RULE}”`).first().waitFor();
    await row(RULE).locator('input[type="checkbox"]:checked').waitFor();
  });
});

describe('a matching submission', () => {
  it('is Assigned to the rule’s group when an employee submits it', async () => {
    await employee.goto(`${portal.baseUrl}/Marketing/Form`);
    await signIn(employee, 'employee');
    await employee.getByRole('heading', { level: 1, name: /^New / }).waitFor();
    await fillForm(employee, MARKETING);
    await employee.getByRole('button', { name: 'Submit' }).click();
    await employee.waitForURL(/\/Marketing\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await employee.getByText('Assigned', { exact: true }).waitFor();
    const note = employee.getByLabel('Assignment');
    await expect.poll(() => note.innerText()).toBe(`Assigned to Marketing by rule “${RULE}”.`);
  });

  it('is found by "Test this rule", and the rule is deleted only after confirming', async () => {
    await admin.getByRole('button', { name: `Edit ${RULE}` }).click();
    const form = admin.getByRole('form', { name: `Edit rule ${RULE}` });
    await form.getByRole('button', { name: 'Test this rule' }).click();
    await admin.getByText('Matches 1 of the 1 most recent submission.').waitFor();
    await admin.getByRole('link', { name: /^Marketing-\d{6}$/ }).waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await admin.getByRole('button', { name: `Delete ${RULE}` }).click();
    await admin
      .getByRole('group', { name: `Confirm deleting ${RULE}` })
      .getByRole('button', { name: 'Keep it' })
      .click();
    await row(RULE).waitFor();
    await admin.getByRole('button', { name: `Delete ${RULE}` }).click();
    await admin.getByRole('button', { name: 'Yes, delete' }).click();
    await row(RULE).waitFor({ state: 'detached' });
    await admin.reload();
    await row('Resident service requests → Maintenance').waitFor();
    await expect.poll(() => row(RULE).count()).toBe(0);
  });
});

describe('a user without assignments:manage', () => {
  it('has no Assignments link and is told the page is not for them', async () => {
    await employee.goto(`${portal.baseUrl}/Assignments`);
    await employee.getByText('You do not have access to this page').waitFor();
    await expect.poll(() => employee.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Assignments' }).count(),).toBe(0);
  });
});
