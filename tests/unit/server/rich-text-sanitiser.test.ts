import { describe, expect, it } from 'vitest';
import { sanitiseRichTextFields } from '../../../src/server/lib/rich-text-sanitiser';

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
