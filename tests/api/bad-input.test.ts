/**
 * Input the database would refuse is refused first, with a 4xx and the API's error body, nothing
 * stored and no error-level log line (plugins/storable-input.ts, lib/storable-input.ts;
 * docs/behaviour.md "Error bodies"). Each case answered 500 (or 414, or stored a corrupted value)
 * before. PostgreSQL and PGlite refuse U+0000 in text and jsonb and unpaired surrogates in jsonb,
 * integers past int4, and timestamps outside what they can write.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError, ValidationErrorBody } from '../../src/shared/api-error';
import type { Profile } from '../../src/shared/me';
import { assignmentRules, attachments, roleGroups, ticketComments } from '../../src/server/db/schema';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import { createTestApp } from './helpers/app';
import { countSubmissions, signWithProviderKey } from './helpers/data';
import { multipartBody, PNG_1X1 } from './helpers/multipart';
import { authHeader, CookieJar, pathOf, pkcePair } from './helpers/sign-in';
import { apInvoice, createApTicket, getTicket } from './helpers/tickets';

const JSON_TYPE = { 'content-type': 'application/json' };
const INCIDENT = {
  incidentType: 'Flood',
  occurredAt: '2025-02-02T07:30:00Z',
  property: 'P-1005',
  description: 'Burst pipe in the laundry room.',
};
const cursorOf = (json: unknown[]) => Buffer.from(JSON.stringify(json)).toString('base64url');
const UUID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

describe('input the database would refuse', () => {
  let app: FastifyInstance;
  const errorLines: string[] = [];
  let admin: Record<string, string>;
  let ticketId: string;

  beforeAll(async () => {
    app = await createTestApp({
      logger: { level: 'error', stream: { write: (line: string) => errorLines.push(line) } },
    });
    admin = await authHeader(app, 'admin');
    ticketId = await createApTicket(app, 'admin', 'bad-input');
  });
  afterAll(() => app.close());
  afterEach(() => {
    const lines = errorLines.splice(0);
    expect(lines, 'no error-level log line').toEqual([]);
  });

  const rows = async (table: AnyPgTable) => (await app.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET', url: string, payload?: string | object) =>
    app.inject({
      method,
      url,
      headers: { ...admin, ...(typeof payload === 'string' ? JSON_TYPE : {}) },
      ...(payload === undefined ? {} : { payload }),
    });
  /** Expects `status` with the API's error body; returns the body. */
  function refused<T extends ApiError = ApiError>(response: LightMyRequestResponse, status: number): T {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<T>();
    expect(body.error, 'a machine code such as bad_request').toMatch(/^[a-z_]+$/);
    expect(typeof body.message).toBe('string');
    expect(body.statusCode).toBe(status);
    return body;
  }
  const fieldPaths = (response: LightMyRequestResponse) =>
    refused<ValidationErrorBody>(response, 422).errors.map((error) => error.path);

  describe('U+0000 and unpaired surrogates in bodies: 422 naming the field, nothing stored', () => {
    it.each([
      ['a string field', { ...apInvoice('nul'), notes: 'a\u0000b' }, '/notes'],
      ['a property name', { ...apInvoice('nul'), ['n\u0000']: 1 }, ''],
      ['a high surrogate', { ...apInvoice('sur'), notes: 'x\ud800y' }, '/notes'],
      ['a low surrogate', { ...apInvoice('sur'), vendorName: '\udfff' }, '/vendorName'],
    ])('in a submission: %s', async (_, data, path) => {
      const before = await countSubmissions(app);
      // JSON.stringify writes U+0000 as \u0000 and a lone surrogate as \ud800, as a client would
      expect(fieldPaths(await send('POST', '/api/areas/AP/submissions', JSON.stringify(data)))).toContain(path);
      expect(await countSubmissions(app)).toBe(before);
    });

    it('in a submission: a rich-text document holding U+0000', async () => {
      const before = await countSubmissions(app);
      const description = JSON.stringify([{ type: 'paragraph', children: [{ text: 'a' }] }]).replace(
        '"a"',
        '"a\u0000"',
      );
      const response = await send(
        'POST',
        '/api/areas/IncidentForm/submissions',
        JSON.stringify({ ...INCIDENT, description }),
      );
      expect(fieldPaths(response)).toEqual(['/description']);
      expect(await countSubmissions(app)).toBe(before);
    });

    it('in a submission: a non-finite number (1e309) and nesting deeper than 64 levels', async () => {
      const before = await countSubmissions(app);
      const infinite = JSON.stringify(apInvoice('inf')).replace('"amount":120.5', '"amount":1e309');
      expect(fieldPaths(await send('POST', '/api/areas/AP/submissions', infinite))).toEqual(['/amount']);
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      expect(fieldPaths(await send('POST', '/api/areas/AP/submissions', deep))).toHaveLength(1);
      expect(await countSubmissions(app)).toBe(before);
    });

    it('in a comment body (plain text and rich text)', async () => {
      const before = await rows(ticketComments);
      const url = `/api/tickets/${ticketId}/comments`;
      expect(fieldPaths(await send('POST', url, '{"body":"a\\u0000b"}'))).toEqual(['/body']);
      const rich = '{"body":[{"type":"paragraph","children":[{"text":"\\ud800"}]}]}';
      expect(fieldPaths(await send('POST', url, rich))).toEqual(['/body/0/children/0/text']);
      expect(await rows(ticketComments)).toBe(before);
    });

    it('in a role group name, description and an item of its identity-provider groups', async () => {
      const before = await rows(roleGroups);
      expect(fieldPaths(await send('POST', '/api/role-groups', '{"name":"a\\u0000b"}'))).toEqual(['/name']);
      const idpGroups = '{"name":"ok","idpGroupIds":["g1","a\\u0000"]}';
      expect(fieldPaths(await send('POST', '/api/role-groups', idpGroups))).toEqual(['/idpGroupIds/1']);
      // a lone surrogate was stored as U+FFFD before: silently changed, not refused
      expect(fieldPaths(await send('POST', '/api/role-groups', '{"name":"ok","description":"\\udc00"}'))).toEqual([
        '/description',
      ]);
      expect(await rows(roleGroups)).toBe(before);
    });

    it('in an assignment rule', async () => {
      const before = await rows(assignmentRules);
      expect(fieldPaths(await send('POST', '/api/assignment-rules', '{"name":"a\\u0000b","area":"AP"}'))).toEqual([
        '/name',
      ]);
      const field = '{"name":"r","area":"AP","field":{"pointer":"/notes","value":"\\ud800"}}';
      expect(fieldPaths(await send('POST', '/api/assignment-rules/preview', field))).toEqual(['/field/value']);
      expect(await rows(assignmentRules)).toBe(before);
    });
  });

  describe('query and path parameters: 400', () => {
    it.each([
      '/api/users?q=%00',
      '/api/directory/users?q=a%00',
      '/api/tickets?q=%00',
      '/api/areas/AP/submissions?q=a%00b',
      '/api/changes?area=%00',
      '/api/changes?limit=1e309',
      '/api/tickets?limit=1e309',
      '/api/users?limit=-1e309',
      '/api/changes?from=0000-01-01',
      '/api/changes?to=%2B275760-09-13',
      '/api/areas/AP/schema?version=99999999999',
      '/api/tickets/a%00',
      '/api/tickets/%E0%A4%A',
    ])('GET %s', async (url) => {
      refused(await send('GET', url), 400);
    });

    it.each([
      ['tickets', (id: string) => `/api/tickets/${id}`],
      ['role groups', (id: string) => `/api/role-groups/${id}`],
      ['submissions', (id: string) => `/api/areas/AP/submissions/${id}`],
      ['attachments', (id: string) => `/api/attachments/${id}`],
    ])('an id longer than a uuid in the path of %s: 400 at any length', async (_, path) => {
      for (const length of [37, 65, 101, 5000]) refused(await send('GET', path('a'.repeat(length))), 400);
      refused(await send('DELETE', `/api/role-groups/${'a'.repeat(200)}`), 400);
    });

    it.each([
      [
        'a year-0 time in a ticket cursor',
        `/api/tickets?cursor=${cursorOf(['tickets-updatedAt', '0000-01-01T00:00:00Z', UUID])}`,
      ],
      [
        'a number past int4 in a submission cursor',
        `/api/areas/AP/submissions?sort=number&cursor=${cursorOf(['number', 2 ** 40, UUID])}`,
      ],
      ['U+0000 in a user-search cursor', `/api/users?cursor=${cursorOf(['name', 'a\u0000', UUID])}`],
    ])('%s', async (_, url) => {
      refused(await send('GET', url), 400);
    });
  });

  describe('numbers and dates past what the columns hold', () => {
    it('a ticket due date in year 0 or past year 9999: 422; a version past int4: 400', async () => {
      const { ticket } = await getTicket(app, 'admin', ticketId);
      const url = `/api/tickets/${ticketId}`;
      for (const dueAt of ['0000-01-01', '+275760-09-13T00:00:00.000Z', '-000001-01-01T00:00:00Z']) {
        expect(fieldPaths(await send('PATCH', url, { dueAt, version: ticket.version }))).toEqual(['/dueAt']);
      }
      refused(await send('PATCH', url, { priority: 'High', version: 2 ** 31 }), 400);
      expect((await getTicket(app, 'admin', ticketId)).ticket.version).toBe(ticket.version);
    });

    it('"version": "1e309" (text ajv coerces to Infinity): 422', async () => {
      const rule = await send('POST', '/api/assignment-rules', {
        name: 'Coerced',
        area: 'AP',
        assigneeUserId: (await send('GET', '/api/users?q=admin')).json<{ items: { id: string }[] }>().items[0]?.id,
      });
      expect(rule.statusCode, rule.body).toBe(201);
      const url = `/api/assignment-rules/${rule.json<{ id: string }>().id}/enabled`;
      expect(fieldPaths(await send('PUT', url, '{"enabled":false,"version":"1e309"}'))).toEqual(['/version']);
    });

    it('a one-element array where null or a string is expected: 400', async () => {
      refused(await send('POST', '/api/assignment-rules', '{"name":"r","area":"AP","assigneeUserId":["x"]}'), 400);
    });

    it('report dates that do not exist and months whose due dates cannot be written: 400', async () => {
      refused(await send('POST', '/api/report-tracker/months', { period: '9999-12' }), 400);
      refused(await send('POST', '/api/report-tracker/months', { period: '0000-01' }), 400);
      expect((await send('POST', '/api/report-tracker/months', { period: '2025-01' })).statusCode).toBe(201);
      const grid = (await send('GET', '/api/report-tracker/accounting?period=2025-01')).json<{
        rows: { cells: Record<string, { id: string; version: number }> }[];
      }>();
      const cell = Object.values(grid.rows[0]?.cells ?? {})[0];
      if (!cell) throw new Error('no accounting cell');
      const url = `/api/report-tracker/accounting/cells/${cell.id}`;
      for (const dueDate of ['2025-02-30', '0000-01-01', '2025-13-01']) {
        refused(await send('PATCH', url, { dueDate, version: cell.version }), 400);
      }
    });
  });

  describe('multipart bodies of POST /api/attachments: 400, nothing stored', () => {
    const upload = (payload: string | Buffer, contentType: string) =>
      app.inject({
        method: 'POST',
        url: '/api/attachments',
        payload,
        headers: { ...admin, 'content-type': contentType },
      });
    const storedFiles = async () => readdir(join(app.config.dataDir, 'attachments')).catch(() => []);

    it.each([
      [
        'a file part without a filename',
        '--b\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/octet-stream\r\n\r\nabc\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      ],
      ['no boundary', 'abc', 'multipart/form-data'],
      [
        'a field declared JSON whose value is not (the parser said 406)',
        '--b\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n{not json\r\n--b--\r\n',
        'multipart/form-data; boundary=b',
      ],
      [
        'a body cut short',
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc',
        'multipart/form-data; boundary=b',
      ],
    ])('%s', async (_, payload, contentType) => {
      const before = await rows(attachments);
      refused(await upload(payload, contentType), 400);
      expect(await rows(attachments)).toBe(before);
    });

    it('two files when one is allowed (the first is not kept either)', async () => {
      const before = await rows(attachments);
      const filesBefore = (await storedFiles()).length;
      const body = multipartBody([
        { fileName: 'a.png', contentType: 'image/png', content: PNG_1X1 },
        { fileName: 'b.png', contentType: 'image/png', content: PNG_1X1 },
      ]);
      refused(await upload(body.payload, body.headers['content-type']), 400);
      expect(await rows(attachments)).toBe(before);
      expect((await storedFiles()).length).toBe(filesBefore);
    });

    it('a non-file field only: 422 file_missing, as before', async () => {
      const body = multipartBody([], { note: 'no file here' });
      expect(refused(await upload(body.payload, body.headers['content-type']), 422).error).toBe('file_missing');
    });
  });

  describe('the built-in identity provider and token claims', () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const authorizeQuery = (extra: Record<string, string>) =>
      new URLSearchParams({
        client_id: 'tm-portal',
        response_type: 'code',
        redirect_uri: 'http://localhost/login',
        scope: 'openid',
        state: 's',
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        ...extra,
      }).toString();

    it.each([
      ['a refresh token', 'grant_type=refresh_token&client_id=tm-portal&refresh_token=ab%00cd', '/oidc/token'],
      [
        'a code',
        `grant_type=authorization_code&client_id=tm-portal&code=a%00&redirect_uri=x&code_verifier=${'a'.repeat(43)}`,
        '/oidc/token',
      ],
      ['a revoked token', 'client_id=tm-portal&token=a%00b', '/oidc/token/revocation'],
    ])('U+0000 in %s is found nowhere (4xx or 200, never 500)', async (_, payload, url) => {
      const response = await app.inject({ method: 'POST', url, headers: form, payload });
      expect(response.statusCode, response.body).toBeLessThan(500);
    });

    it('U+0000 in a client id or the state of an authorization request: 4xx or a redirect with invalid_request', async () => {
      expect((await app.inject({ url: `/oidc/auth?${authorizeQuery({ client_id: '\u0000' })}` })).statusCode).toBe(400);
      const withState = await app.inject({ url: `/oidc/auth?${authorizeQuery({ state: 'a\u0000b' })}` });
      expect(withState.statusCode).toBe(303);
      expect(String(withState.headers.location)).toContain('error=invalid_request');
    });

    it('U+0000 in a username at the sign-in page: invalid credentials, not 500', async () => {
      const jar = new CookieJar();
      const start = await app.inject({ url: `/oidc/auth?${authorizeQuery({})}` });
      jar.store(start);
      const interaction = pathOf(start.headers.location);
      jar.store(await app.inject({ url: interaction, headers: { cookie: jar.header() } }));
      const login = await app.inject({
        method: 'POST',
        url: `${interaction}/login`,
        headers: { ...form, cookie: jar.header() },
        payload: 'username=ad%00min&password=demo',
      });
      expect(login.statusCode).toBe(200);
      expect(login.body).toContain('Invalid username or password.');
    });

    it('a signed token whose sub holds U+0000 is refused (401); a name or group that does is ignored', async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = { iss: app.config.oidc.issuer, aud: app.config.oidc.audience, iat: now - 5, exp: now + 600 };
      const bearer = async (extra: Record<string, unknown>) => ({
        authorization: `Bearer ${await signWithProviderKey(app, { ...claims, ...extra })}`,
      });
      refused(await app.inject({ url: '/api/me', headers: await bearer({ sub: 'a\u0000' }) }), 401);
      const me = await app.inject({
        url: '/api/me',
        headers: await bearer({ sub: 'claims-with-nul', name: 'N\u0000', email: '\ud800', groups: ['IT', 'x\u0000'] }),
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json<Profile>()).toMatchObject({ name: 'claims-with-nul', email: null });
    });
  });
});
