/**
 * Rich-text fields on the server (docs/behaviour.md "Rich text";
 * src/server/lib/rich-text-sanitiser.ts): a corpus of XSS payloads stored through POST submissions
 * is refused per field or stored clean, and what is read back never renders a script, an event
 * handler or a `javascript:` link.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { richTextToSafeHtml } from '../../src/server/lib/rich-text-sanitiser';
import type { ValidationErrorBody } from '../../src/shared/api-error';
import { readRichText, type RichTextNode } from '../../src/shared/rich-text';
import type { Submission } from '../../src/shared/submission';
import { createTestApp } from './helpers/app';
import { countSubmissions, type ObjectSubmission } from './helpers/data';
import { authHeader } from './helpers/sign-in';

const INCIDENT = { incidentType: 'Flood', occurredAt: '2025-02-02T07:30:00Z', property: 'P-1005' };
const doc = (...blocks: object[]) => JSON.stringify(blocks);
const para = (...children: object[]) => ({ type: 'paragraph', children });
const link = (url: string) => para({ text: 'see ' }, { type: 'link', url, children: [{ text: 'here' }] }, { text: '' });
const image = (src: string) => ({ type: 'image', src, children: [{ text: '' }] });

/** Payloads the server must accept and store clean (addresses blanked, HTML sanitised). */
const STORED_CLEAN: [string, string][] = [
  ['javascript: link', doc(link('javascript:alert(1)'))],
  ['mixed-case JaVaScRiPt: link', doc(link('JaVaScRiPt:alert(document.cookie)'))],
  ['whitespace-padded javascript: link', doc(link(' \t\njavascript:alert(1) '))],
  ['tab-split java\\tscript: link', doc(link('java\tscript:alert(1)'))],
  ['entity-encoded javascript: link', doc(link('&#106;avascript&#58;alert(1)'))],
  ['vbscript: link', doc(link('vbscript:msgbox(1)'))],
  ['data:text/html link', doc(link('data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='))],
  ['javascript: image', doc(image('javascript:alert(1)'))],
  ['data:text/html image', doc(image('data:text/html,<script>alert(1)</script>'))],
  ['svg data image', doc(image('data:image/svg+xml,<svg onload=alert(1)>'))],
  ['script tag as text', doc(para({ text: '<script>alert(1)</script> & <img src=x onerror=alert(1)>' }))],
  ['legacy HTML with a script', '<p>Leak</p><script>alert(1)</script><img src="x" onerror="alert(1)">'],
  ['legacy HTML with a javascript: link', '<p><a href="javascript:alert(1)" onclick="alert(2)">click</a> the pipe</p>'],
  ['legacy HTML with an iframe and style', '<p style="x:expression(alert(1))">Burst pipe</p><iframe src="javascript:alert(1)"></iframe>'],
  ['legacy HTML with an svg', '<p>Flood</p><svg><script>alert(1)</script></svg><math><mi xlink:href="javascript:alert(1)">x</mi></math>'],
];

/** Payloads outside the allow-list: refused with 422 on the field. */
const REFUSED: [string, string][] = [
  ['a script node', doc({ type: 'script', children: [{ text: 'alert(1)' }] })],
  ['an event-handler attribute', doc({ type: 'paragraph', onmouseover: 'alert(1)', children: [{ text: 'hover me' }] })],
  ['an html node', doc({ type: 'html', html: '<img src=x onerror=alert(1)>', children: [{ text: 'x' }] })],
  ['a style mark', doc(para({ text: 'hello', style: 'background:url(javascript:alert(1))' }))],
  ['a header level 7', doc({ type: 'heading', level: 7, children: [{ text: 'Too deep' }] })],
  ['an indent level 9', doc({ type: 'paragraph', indent: 9, children: [{ text: 'Too far' }] })],
  ['a bare text at the top level', doc({ text: 'loose text here' })],
];

function everyAddress(nodes: readonly RichTextNode[]): string[] {
  return nodes.flatMap((node) => ('text' in node ? [] : [node.url ?? node.src ?? '', ...everyAddress(node.children)]).filter(Boolean));
}

describe('rich-text fields of POST /api/areas/:key/submissions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const post = async (description: string) =>
    app.inject({
      method: 'POST',
      url: '/api/areas/IncidentForm/submissions',
      payload: { ...INCIDENT, description },
      headers: await authHeader(app, 'employee'),
    });

  it('stores a well-formed document unchanged and reads it back', async () => {
    const value = doc(
      { type: 'heading', level: 2, children: [{ text: 'Burst pipe', bold: true }] },
      { type: 'bulleted-list', indent: 2, children: [{ type: 'list-item', children: [{ text: 'Laundry', italic: true }] }] },
      para({ text: 'Call ' }, { type: 'link', url: 'mailto:ops@example.org', children: [{ text: 'ops' }] }, { text: '', underline: true }),
    );
    const created = await post(value);
    expect(created.statusCode).toBe(201);
    const read = await app.inject({ method: 'GET', url: `/api/areas/IncidentForm/submissions/${created.json<Submission>().id}`, headers: await authHeader(app, 'employee') });
    expect(JSON.parse(read.json<ObjectSubmission>().data.description as string)).toEqual(JSON.parse(value));
  });

  it.each(STORED_CLEAN)('stores %s clean: read back, it renders no script, handler or javascript: link', async (_, value) => {
    const created = await post(value);
    expect(created.statusCode).toBe(201);
    const read = await app.inject({ method: 'GET', url: `/api/areas/IncidentForm/submissions/${created.json<Submission>().id}`, headers: await authHeader(app, 'employee') });
    const stored = read.json<ObjectSubmission>().data.description;
    expect(typeof stored).toBe('string');
    const reading = readRichText(stored);
    expect(reading.ok).toBe(true);
    if (reading.ok && !reading.isPlainText) {
      for (const address of everyAddress(reading.doc)) expect(address).toMatch(/^(https?:|mailto:|tel:|data:image\/(png|gif|jpeg|bmp|x-icon)[;,])/);
    } else {
      expect(stored as string).not.toMatch(/<script|<iframe|<svg|<math|\son\w+\s*=|javascript:|style=/i);
    }
    const html = richTextToSafeHtml(stored);
    // tags and attributes only: the text `&lt;script&gt;` is text, not markup
    expect(html).not.toMatch(/<(script|iframe|svg|math|style)|<[^>]*\son\w+\s*=|<[^>]*(javascript:|vbscript:|data:text)/i);
  });

  it.each(REFUSED)('refuses %s with 422 on the field and stores nothing', async (_, value) => {
    const before = await countSubmissions(app, 'IncidentForm');
    const response = await post(value);
    expect(response.statusCode).toBe(422);
    const body = response.json<ValidationErrorBody>();
    expect(body.errors).toEqual([{ path: '/description', message: expect.stringMatching(/rich-text/) as string }]);
    expect(await countSubmissions(app, 'IncidentForm')).toBe(before);
  });

  it('keeps the text of a link with a javascript: address, its address blank, and renders it as an <a> without href', async () => {
    const created = await post(doc(link('JaVaScRiPt:alert(1)')));
    expect(created.statusCode).toBe(201);
    const read = await app.inject({ method: 'GET', url: `/api/areas/IncidentForm/submissions/${created.json<Submission>().id}`, headers: await authHeader(app, 'employee') });
    const stored = read.json<ObjectSubmission>().data.description;
    expect(JSON.parse(stored as string)).toEqual([link('')]);
    expect(richTextToSafeHtml(stored)).toBe('<p>see <a>here</a></p>');
  });

  it('accepts a plain string as a one-paragraph document', async () => {
    const response = await post('Water everywhere in the laundry room.');
    expect(response.statusCode).toBe(201);
    expect(response.json<ObjectSubmission>().data.description).toBe('Water everywhere in the laundry room.');
  });
});
