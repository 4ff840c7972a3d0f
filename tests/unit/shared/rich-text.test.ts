import { describe, expect, it } from 'vitest';
import {
  INDENT_MAX,
  isHeadingLevel,
  isInsertableImageType,
  joinsUndoGroup,
  linesDocument,
  linkUrlFor,
  readRichText,
  safeImageSrc,
  safeLinkUrl,
  serialiseRichText,
  stepIndent,
} from '../../../src/shared/rich-text';

describe('safeLinkUrl (links keep only http, https, mailto, tel)', () => {
  it.each([
    ['https://example.org/a?b=1', 'https://example.org/a?b=1'],
    ['http://example.org', 'http://example.org/'],
    ['  https://example.org/padded  ', 'https://example.org/padded'],
    ['HTTPS://EXAMPLE.ORG/x', 'https://example.org/x'],
    ['mailto:a@example.org', 'mailto:a@example.org'],
    ['tel:+15555550123', 'tel:+15555550123'],
  ])('keeps %j as %j', (raw, expected) => {
    expect(safeLinkUrl(raw)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)',
    '\tjavascript:alert(1)\n',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'data:image/png;base64,iVBORw0KGgo=',
    '&#106;avascript:alert(1)',
    'javascript&#58;alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;script:alert(1)',
    'javascript&colon;alert(1)',
    '%6Aavascript:alert(1)',
    'file:///etc/passwd',
    'ftp://example.org',
    '//evil.example/x',
    '/relative/path',
    'example.org',
    '',
  ])('blanks %j', (raw) => {
    expect(safeLinkUrl(raw)).toBe('');
  });
});

describe('safeImageSrc (image sources only http, https or data)', () => {
  it('keeps http, https and image data addresses', () => {
    expect(safeImageSrc('https://example.org/a.png')).toBe('https://example.org/a.png');
    expect(safeImageSrc('http://example.org/a.png')).toBe('http://example.org/a.png');
    expect(safeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(safeImageSrc(' DATA:image/gif;base64,R0lGOD== ')).not.toBe('');
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    '  javascript:alert(1)  ',
    '\tjava\nscript:alert(1)',
    '&#106;avascript:alert(1)',
    'javascript&colon;alert(1)',
    'vbscript:x',
    'data:text/html,<script>alert(1)</script>',
    ' DATA:text/html;base64,PHNjcmlwdD4= ',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'mailto:a@example.org',
    'tel:+15555550123',
    'blob:https://example.org/x',
    '/a.png',
  ])(
    'blanks %j',
    (raw) => {
      expect(safeImageSrc(raw)).toBe('');
    },
  );
});

describe('linkUrlFor (e-mail-looking text gets mailto:)', () => {
  it('prefixes a selected e-mail address when no address is entered', () => {
    expect(linkUrlFor('', 'jane.doe@example.org')).toBe('mailto:jane.doe@example.org');
  });
  it('prefixes an entered e-mail address', () => {
    expect(linkUrlFor('ops@example.org', 'write to us')).toBe('mailto:ops@example.org');
  });
  it('leaves other selections without an address blank', () => {
    expect(linkUrlFor('', 'click here')).toBe('');
    expect(linkUrlFor('', 'not an @ address')).toBe('');
  });
  it('applies the scheme rule to entered addresses', () => {
    expect(linkUrlFor('javascript:alert(1)', 'a@example.org')).toBe('');
    expect(linkUrlFor('https://example.org', 'a@example.org')).toBe('https://example.org/');
  });
});

describe('indent and header bounds', () => {
  it('keeps indent within 0–8', () => {
    expect(stepIndent(undefined, 1)).toBe(1);
    expect(stepIndent(INDENT_MAX, 1)).toBe(8);
    expect(stepIndent(1, -1)).toBe(0);
    expect(stepIndent(0, -1)).toBe(0);
  });
  it('accepts header levels 1–6 only', () => {
    expect([0, 1, 6, 7, 1.5, '2'].map(isHeadingLevel)).toEqual([false, true, true, false, false, false]);
  });
});

describe('undo grouping (edits within 1000 ms group)', () => {
  it('joins edits less than 1000 ms apart and starts a new step after', () => {
    expect(joinsUndoGroup(undefined, 1000)).toBe(false);
    expect(joinsUndoGroup(1000, 1999)).toBe(true);
    expect(joinsUndoGroup(1000, 2000)).toBe(false);
    expect(joinsUndoGroup(2000, 1000)).toBe(false);
  });
});

describe('image media types (png, gif, jpeg, bmp, x-icon)', () => {
  it.each(['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon', 'image/vnd.microsoft.icon', 'IMAGE/PNG'])('accepts %s', (type) => {
    expect(isInsertableImageType(type)).toBe(true);
  });
  it.each(['image/svg+xml', 'image/webp', 'text/html', 'application/pdf', ''])('refuses %j', (type) => {
    expect(isInsertableImageType(type)).toBe(false);
  });
});

describe('linesDocument (a paragraph per line)', () => {
  it('makes one paragraph of each line, empty lines included', () => {
    expect(linesDocument('First\n\nthird')).toEqual([
      { type: 'paragraph', children: [{ text: 'First' }] },
      { type: 'paragraph', children: [{ text: '' }] },
      { type: 'paragraph', children: [{ text: 'third' }] },
    ]);
    expect(linesDocument('')).toEqual([{ type: 'paragraph', children: [{ text: '' }] }]);
  });
});

describe('readRichText (allow-list and stored format)', () => {
  it('reads a plain string as a one-paragraph document', () => {
    expect(readRichText('Boiler leaks')).toEqual({ ok: true, isPlainText: true, doc: [{ type: 'paragraph', children: [{ text: 'Boiler leaks' }] }] });
  });

  it('blanks bad addresses and keeps the rest', () => {
    const value = JSON.stringify([
      { type: 'heading', level: 2, indent: 3, children: [{ text: 'Title', bold: true }] },
      { type: 'paragraph', children: [{ text: '' }, { type: 'link', url: 'JaVaScRiPt:alert(1)', children: [{ text: 'x' }] }, { text: '' }] },
      { type: 'image', src: 'data:text/html,<script>', children: [{ text: '' }] },
    ]);
    const reading = readRichText(value);
    expect(reading.ok && reading.doc[1]?.children[1]).toMatchObject({ type: 'link', url: '' });
    expect(reading.ok && reading.doc[2]).toMatchObject({ type: 'image', src: '' });
    expect(reading.ok && reading.doc[0]).toMatchObject({ level: 2, indent: 3 });
  });

  it.each([
    [[{ type: 'script', children: [{ text: 'x' }] }], /not an allowed node type/],
    [[{ type: 'paragraph', onclick: 'alert(1)', children: [{ text: 'x' }] }], /"onclick" is not allowed/],
    [[{ type: 'paragraph', children: [{ text: 'x', style: 'x' }] }], /not an allowed text mark/],
    [[{ type: 'heading', level: 7, children: [{ text: 'x' }] }], /header level/],
    [[{ type: 'paragraph', indent: 9, children: [{ text: 'x' }] }], /indent level/],
    [[{ type: 'paragraph', children: [] }], /needs children/],
    [[{ text: 'top-level text' }], /blocks only/],
  ])('refuses %j', (doc, message) => {
    const reading = readRichText(JSON.stringify(doc));
    expect(reading.ok).toBe(false);
    expect(!reading.ok && reading.message).toMatch(message);
  });

  it('refuses documents nested deeper than the cap', () => {
    let node: object = { text: 'deep' };
    for (let i = 0; i < 10; i += 1) node = { type: 'bulleted-list', children: [node] };
    expect(readRichText(JSON.stringify([node])).ok).toBe(false);
  });

  it('stores an empty document as no value', () => {
    expect(serialiseRichText([{ type: 'paragraph', children: [{ text: '  ' }] }])).toBeUndefined();
    expect(serialiseRichText([{ type: 'paragraph', children: [{ text: 'a' }] }])).toBe('[{"type":"paragraph","children":[{"text":"a"}]}]');
  });
});
