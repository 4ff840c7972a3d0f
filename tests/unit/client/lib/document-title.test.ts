import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatDocumentTitle, holdErrorTitle } from '../../../../src/client/lib/document-title';

describe('formatDocumentTitle', () => {
  it('names the page first and the portal last', () => {
    expect(formatDocumentTitle('Tickets')).toBe('Tickets – TM online portal');
    expect(formatDocumentTitle('New Accounts payable invoice')).toBe('New Accounts payable invoice – TM online portal');
  });

  it('joins parts and leaves blank ones out', () => {
    expect(formatDocumentTitle(['AP-000012', ' ', undefined, 'Accounts payable invoice'])).toBe(
      'AP-000012 – Accounts payable invoice – TM online portal',
    );
  });

  it('is the portal name alone without a page title', () => {
    expect(formatDocumentTitle(undefined)).toBe('TM online portal');
    expect(formatDocumentTitle([])).toBe('TM online portal');
  });

  it('starts with "Error: " while errors show', () => {
    expect(formatDocumentTitle('New Vendor', true)).toBe('Error: New Vendor – TM online portal');
  });
});

describe('holdErrorTitle', () => {
  const saved = globalThis.document;
  beforeEach(() => {
    globalThis.document = { title: 'New Vendor – TM online portal' } as Document;
  });
  afterEach(() => {
    globalThis.document = saved;
  });

  it('prefixes the title until the last holder lets go, once per holder', () => {
    const first = holdErrorTitle();
    expect(document.title).toBe('Error: TM online portal');
    const second = holdErrorTitle();
    first();
    first();
    expect(document.title).toMatch(/^Error: /);
    second();
    expect(document.title).toBe('TM online portal');
  });
});
