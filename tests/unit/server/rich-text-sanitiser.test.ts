import { describe, expect, it } from 'vitest';
import { richTextToSafeHtml, sanitiseRichTextFields } from '../../../src/server/lib/rich-text-sanitiser';

const doc = (url: string) =>
  JSON.stringify([{ type: 'paragraph', children: [{ type: 'link', url, children: [{ text: 'see' }] }] }]);

describe('sanitiseRichTextFields', () => {
  it('cleans a rich-text field inside the data in place, blanking a javascript: link', () => {
    const data = { notes: doc('javascript:alert(1)'), other: 'x' };
    const result = sanitiseRichTextFields({ notes: { 'ui:widget': 'richText' } }, data);
    expect(result.errors).toEqual([]);
    expect(result.data).toBe(data);
    expect(JSON.parse(data.notes)).toEqual([
      { type: 'paragraph', children: [{ type: 'link', url: '', children: [{ text: 'see' }] }] },
    ]);
  });

  it('cleans the root itself for a form of one field, and refuses one outside the allow-list at the empty pointer', () => {
    const ui = { 'ui:widget': 'richText' };
    const cleaned = sanitiseRichTextFields(ui, doc('javascript:alert(1)'));
    expect(cleaned.errors).toEqual([]);
    expect(typeof cleaned.data === 'string' && JSON.parse(cleaned.data)).toEqual(JSON.parse(doc('')));
    const refused = sanitiseRichTextFields(ui, JSON.stringify([{ type: 'script', children: [{ text: 'x' }] }]));
    expect(refused.errors).toEqual([{ path: '', message: expect.stringMatching(/rich-text/) as string }]);
    expect(sanitiseRichTextFields(ui, 'plain words').data).toBe('plain words');
  });

  it('leaves a field the schema already refused alone', () => {
    const value = JSON.stringify([{ type: 'script', children: [{ text: 'x' }] }]);
    const result = sanitiseRichTextFields({ 'ui:widget': 'richText' }, value, [
      { path: '', message: 'must be string' },
    ]);
    expect(result.errors).toEqual([]);
  });
});

describe('richTextToSafeHtml', () => {
  it('keeps the text of a link with a refused address in an <a> without href (a blank address)', () => {
    expect(richTextToSafeHtml(doc('javascript:alert(1)'))).toBe('<p><a>see</a></p>');
    expect(richTextToSafeHtml(doc(''))).toBe('<p><a>see</a></p>');
  });

  it('links an allowed address', () => {
    expect(richTextToSafeHtml(doc('https://example.org'))).toBe('<p><a href="https://example.org/" rel="noopener noreferrer nofollow">see</a></p>');
  });

  it('keeps the text of a legacy HTML link with a refused address the same way', () => {
    expect(richTextToSafeHtml('<p><a href="javascript:alert(1)" onclick="alert(2)">see</a></p>')).toBe('<p><a>see</a></p>');
  });
});
