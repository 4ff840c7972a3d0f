import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_SORTS, type Submission, type SubmissionPage } from '../../src/shared/submission';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

const ROWS = 60;
const VENDORS = ['Acme Plumbing', 'Northwind Electric', 'Contoso Roofing', 'Fabrikam Paint'];

function apInvoice(i: number) {
  return {
    vendorName: `${VENDORS[i % VENDORS.length]} ${i}`,
    invoiceNumber: `INV-${1000 + i}`,
    invoiceDate: '2025-03-14',
    amount: 100 + i,
    property: `P-${1001 + (i % 24)}`,
    notes: i === 7 ? 'Emergency boiler replacement at Birchwood' : 'Routine',
  };
}

describe('GET /api/areas/:key/submissions', () => {
  let app: FastifyInstance;
  const created: Submission[] = [];

  beforeAll(async () => {
    app = await createTestApp();
    const employee = await authHeader(app, 'employee');
    for (let i = 0; i < ROWS; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        payload: apInvoice(i),
        headers: employee,
      });
      created.push(response.json<Submission>());
    }
    // One AP submission by someone else, which the employee must not see.
    await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: apInvoice(99),
      headers: await authHeader(app, 'accounting'),
    });
  });
  afterAll(() => app.close());

  async function page(username: string, query: string): Promise<SubmissionPage> {
    const response = await app.inject({
      url: `/api/areas/AP/submissions?${query}`,
      headers: await authHeader(app, username),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SubmissionPage>();
  }

  async function walk(username: string, query: string): Promise<{ items: Submission[]; pages: number }> {
    const items: Submission[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: SubmissionPage = await page(username, `${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(result.items.length).toBeLessThanOrEqual(7);
      items.push(...result.items);
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    return { items, pages };
  }

  const expectedOrder: Record<(typeof SUBMISSION_SORTS)[number], (a: Submission, b: Submission) => number> = {
    '-createdAt': (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
    createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    '-number': (a, b) => b.number.localeCompare(a.number),
    number: (a, b) => a.number.localeCompare(b.number),
  };

  it.each(SUBMISSION_SORTS)('returns every row exactly once, in order, with limit 7 and sort %s', async (sort) => {
    const { items, pages } = await walk('employee', `limit=7&sort=${sort}`);
    expect(items).toHaveLength(ROWS);
    expect(pages).toBe(Math.ceil(ROWS / 7));
    expect(new Set(items.map((s) => s.id)).size).toBe(ROWS);
    expect(items.map((s) => s.id)).toEqual([...created].sort(expectedOrder[sort]).map((s) => s.id));
  });

  it('sorts newest first by default, 25 per page', async () => {
    const result = await page('employee', '');
    expect(result.items).toHaveLength(25);
    expect(result.items[0]?.id).toBe(created.at(-1)?.id);
    expect(result.nextCursor).toEqual(expect.any(String));
  });

  it('shows an employee only their own submissions, and accounting (forms:AP:read) all of them', async () => {
    expect((await walk('employee', 'limit=7')).items).toHaveLength(ROWS);
    expect((await walk('accounting', 'limit=7')).items).toHaveLength(ROWS + 1);
    expect((await walk('maintenance', 'limit=7')).items).toHaveLength(0);
  });

  it('finds submissions by a word of the data, by a word prefix, and by several words', async () => {
    expect((await page('employee', 'q=boiler')).items.map((s) => s.id)).toEqual([created[7]?.id]);
    expect((await page('employee', 'q=Birch')).items.map((s) => s.id)).toEqual([created[7]?.id]);
    expect((await page('employee', 'q=emergency%20replacement')).items.map((s) => s.id)).toEqual([created[7]?.id]);
    expect((await page('employee', 'q=northwind&limit=100')).items).toHaveLength(ROWS / VENDORS.length);
    expect((await page('employee', 'q=zebra')).items).toHaveLength(0);
  });

  it('finds a submission by its number, exact or by prefix, or by its sequence', async () => {
    const target = created[12] as Submission;
    expect((await page('employee', `q=${target.number}`)).items.map((s) => s.id)).toEqual([target.id]);
    expect((await page('employee', `q=${target.number.toLowerCase()}`)).items.map((s) => s.id)).toEqual([target.id]);
    expect((await page('employee', `q=${Number(target.number.slice(-6))}`)).items.map((s) => s.id)).toContain(
      target.id,
    );
    expect((await page('employee', 'q=AP-00000&limit=100')).items.length).toBe(9);
  });

  it('keeps search safe from tsquery syntax', async () => {
    for (const q of ["boiler' & !", '(|', ':*', "\\'", '!!!']) {
      const response = await app.inject({
        url: `/api/areas/AP/submissions?q=${encodeURIComponent(q)}`,
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode, q).toBe(200);
    }
  });

  it('pages through search results with the cursor', async () => {
    const { items } = await walk('employee', 'limit=7&q=acme');
    expect(items).toHaveLength(ROWS / VENDORS.length);
  });

  it('refuses a forged cursor, a cursor of another sort order and an out-of-range limit with 400', async () => {
    const first = await page('employee', 'limit=7&sort=-createdAt');
    for (const query of [
      'cursor=bm90LWEtY3Vyc29y',
      'cursor=%%%',
      `sort=number&cursor=${first.nextCursor}`,
      'limit=0',
      'limit=101',
      'sort=size',
    ]) {
      const response = await app.inject({
        url: `/api/areas/AP/submissions?${query}`,
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'bad_request' });
    }
  });
});

describe('GET /api/areas/:key/submissions/:id', () => {
  let app: FastifyInstance;
  let mine: Submission;
  beforeAll(async () => {
    app = await createTestApp();
    const payload = apInvoice(1);
    mine = (
      await app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        payload,
        headers: await authHeader(app, 'employee'),
      })
    ).json<Submission>();
  });
  afterAll(() => app.close());

  const get = async (url: string, username: string) => app.inject({ url, headers: await authHeader(app, username) });

  it('returns the submission to its requester and to a reader of the area', async () => {
    expect((await get(`/api/areas/AP/submissions/${mine.id}`, 'employee')).json()).toEqual({ ...mine, approval: null });
    expect((await get(`/api/areas/AP/submissions/${mine.id}`, 'accounting')).statusCode).toBe(200);
    expect((await get(`/api/areas/AP/submissions/${mine.id}`, 'admin')).statusCode).toBe(200);
  });

  it.each([
    ['another user without the read scope', (id: string) => `/api/areas/AP/submissions/${id}`, 'maintenance'],
    ["another area's path", (id: string) => `/api/areas/IncidentForm/submissions/${id}`, 'employee'],
    ['an unknown id', () => '/api/areas/AP/submissions/00000000-0000-4000-8000-000000000000', 'employee'],
    ['an id that is not a uuid', () => '/api/areas/AP/submissions/123', 'employee'],
    ['an unknown area', (id: string) => `/api/areas/Nope/submissions/${id}`, 'employee'],
  ])('answers 404 (never 403 with data) for %s', async (_label, url, username) => {
    const response = await get(url(mine.id), username);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ statusCode: 404, error: 'not_found', message: expect.any(String) as string });
  });
});
