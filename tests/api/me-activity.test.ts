import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyActivity } from '../../src/shared/activity';
import type { JsonObject } from '../../src/shared/json';
import { createTestApp } from './helpers/app';
import { authHeader } from './helpers/sign-in';

function apInvoice(i: number) {
  return { vendorName: `Vendor ${i}`, invoiceNumber: `INV-${i}`, invoiceDate: '2025-03-14', amount: 100 + i, property: 'P-1001' };
}

describe('GET /api/me/activity', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await createTestApp();
    const employee = await authHeader(app, 'employee');
    for (let i = 0; i < 12; i += 1) {
      const response = await app.inject({ method: 'POST', url: '/api/areas/AP/submissions', payload: apInvoice(i), headers: employee });
      expect(response.statusCode).toBe(201);
    }
    await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: apInvoice(99),
      headers: await authHeader(app, 'accounting'),
    });
  });
  afterAll(() => app.close());

  it("lists only the user's own submissions, newest first, at most 10, and counts their areas", async () => {
    const response = await app.inject({ url: '/api/me/activity', headers: await authHeader(app, 'employee') });
    expect(response.statusCode).toBe(200);
    const activity = response.json<MyActivity>();
    expect(activity.recent).toHaveLength(10);
    expect(activity.open).toHaveLength(10);
    expect(activity.recent.map((item) => (item.data as JsonObject).invoiceNumber)).toEqual(
      Array.from({ length: 10 }, (_, index) => `INV-${11 - index}`),
    );
    expect(activity.recent.every((item) => item.requester.name === activity.recent[0]?.requester.name)).toBe(true);
    expect(activity.mostUsed).toEqual([{ area: 'AP', count: 12 }]);
  });

  it('gives a user without submissions empty lists', async () => {
    const response = await app.inject({ url: '/api/me/activity', headers: await authHeader(app, 'admin') });
    expect(response.json<MyActivity>()).toEqual({ open: [], recent: [], mostUsed: [] });
  });

  it('answers 401 without a token', async () => {
    expect((await app.inject({ url: '/api/me/activity' })).statusCode).toBe(401);
  });
});
