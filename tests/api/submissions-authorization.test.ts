import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import type { Submission, SubmissionPage } from '../../src/shared/submission';
import { PORTAL_SET_FIELDS } from '../../src/server/domains/submissions/portal-set-fields';
import { createTestApp } from './helpers/app';
import { countSubmissions } from './helpers/data';
import { authHeader } from './helpers/sign-in';

const AP_EXAMPLE = {
  vendorName: 'Acme Plumbing Supply',
  invoiceNumber: 'INV-20931',
  invoiceDate: '2025-03-14',
  amount: 1240.5,
  property: 'P-1003',
};

describe('submissions: object-level and field-level rules', () => {
  let app: FastifyInstance;
  let employeesOwn: Submission;

  beforeAll(async () => {
    app = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/areas/AP/submissions',
      payload: AP_EXAMPLE,
      headers: await authHeader(app, 'employee'),
    });
    employeesOwn = response.json<Submission>();
  });
  afterAll(() => app.close());

  it.each(PORTAL_SET_FIELDS)(
    'refuses "%s" sent on create with 422 naming the field, storing nothing',
    async (field) => {
      const before = await countSubmissions(app, 'AP');
      const response = await app.inject({
        method: 'POST',
        url: '/api/areas/AP/submissions',
        payload: { ...AP_EXAMPLE, [field]: field === 'version' ? 7 : 'Closed' },
        headers: await authHeader(app, 'employee'),
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<ValidationErrorBody>();
      expect(body.errors).toEqual([{ path: `/${field}`, message: expect.stringContaining(`"${field}"`) as string }]);
      expect(await countSubmissions(app, 'AP')).toBe(before);
    },
  );

  it("answers 404 (no data) for another user's submission by id without the area read scope, 200 with it", async () => {
    const url = `/api/areas/AP/submissions/${employeesOwn.id}`;
    const other = await app.inject({ url, headers: await authHeader(app, 'maintenance') });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(employeesOwn.number);
    expect((await app.inject({ url, headers: await authHeader(app, 'accounting') })).statusCode).toBe(200);
    expect((await app.inject({ url, headers: await authHeader(app, 'admin') })).statusCode).toBe(200);
    const list = await app.inject({ url: '/api/areas/AP/submissions', headers: await authHeader(app, 'maintenance') });
    expect(list.json<SubmissionPage>().items.map((s) => s.id)).not.toContain(employeesOwn.id);
  });
});
