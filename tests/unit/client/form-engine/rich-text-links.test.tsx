/**
 * Links in the rich-text editor (docs/behaviour.md "Rich text"): what the address dialog accepts,
 * and that an address the scheme rules refuse keeps the link's text with a blank address, in the
 * editor's document and in the read-only view (an `<a>` without `href`).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createEditor, Transforms, type Descendant } from 'slate';
import { withHistory } from 'slate-history';
import { withReact } from 'slate-react';
import { describe, expect, it } from 'vitest';
import {
  activeLinkUrl,
  addressProblem,
  insertLink,
  removeLink,
  updateLink,
  withRichTextNodes,
} from '../../../../src/client/form-engine/widgets/rich-text/commands';
import { RichTextView } from '../../../../src/client/form-engine/widgets/rich-text/rich-text-elements';
import type { RichTextEditor } from '../../../../src/client/form-engine/widgets/rich-text/slate-types';
import type { RichTextDocument } from '../../../../src/shared/rich-text';

/** An editor holding one paragraph `text`, with `selected` (a part of `text`) selected. */
function editorWith(text: string, selected: string): RichTextEditor {
  const editor = withRichTextNodes(withHistory(withReact(createEditor())));
  editor.children = [{ type: 'paragraph', children: [{ text }] }] as Descendant[];
  const start = text.indexOf(selected);
  Transforms.select(editor, { anchor: { path: [0, 0], offset: start }, focus: { path: [0, 0], offset: start + selected.length } });
  return editor;
}

describe('addressProblem (the address dialog)', () => {
  it.each(['', '   '])('asks for an address when it is %j', (entered) => {
    expect(addressProblem(entered)).toBe('Enter an address.');
  });

  it.each(['example.org', 'www.example.org/path', 'not an address', '&#106;avascript&#58;alert(1)'])('refuses %j as not a full address', (entered) => {
    expect(addressProblem(entered)).toMatch(/^Enter a full address/);
  });

  it.each(['https://example.org', 'mailto:ops@example.org', 'tel:+15550100', 'ops@example.org', 'javascript:alert(1)', 'ftp://example.org'])(
    'accepts %j (the scheme rules decide what is stored)',
    (entered) => {
      expect(addressProblem(entered)).toBeNull();
    },
  );
});

describe('insertLink, updateLink and removeLink', () => {
  it('links the selection to an allowed address', () => {
    const editor = editorWith('call ops now', 'ops');
    insertLink(editor, 'https://example.org/ops');
    expect(editor.children).toEqual([
      {
        type: 'paragraph',
        children: [{ text: 'call ' }, { type: 'link', url: 'https://example.org/ops', children: [{ text: 'ops' }] }, { text: ' now' }],
      },
    ]);
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'ftp://example.org'])('keeps the text with a blank address for %j', (entered) => {
    const editor = editorWith('see evil here', 'evil');
    insertLink(editor, entered);
    expect(editor.children).toEqual([
      { type: 'paragraph', children: [{ text: 'see ' }, { type: 'link', url: '', children: [{ text: 'evil' }] }, { text: ' here' }] },
    ]);
  });

  it('edits the address of the link at the caret, blanking a refused one, and removes the link keeping its text', () => {
    const editor = editorWith('see docs', 'docs');
    insertLink(editor, 'https://example.org');
    Transforms.select(editor, { path: [0, 1, 0], offset: 2 });
    expect(activeLinkUrl(editor)).toBe('https://example.org/');
    updateLink(editor, 'mailto:ops@example.org');
    expect(activeLinkUrl(editor)).toBe('mailto:ops@example.org');
    updateLink(editor, 'javascript:alert(1)');
    expect(activeLinkUrl(editor)).toBe('');
    removeLink(editor);
    expect(activeLinkUrl(editor)).toBeUndefined();
    expect(editor.children).toEqual([{ type: 'paragraph', children: [{ text: 'see docs' }] }]);
  });
});

describe('RichTextView', () => {
  const view = (url: string) =>
    renderToStaticMarkup(
      <RichTextView id="v" doc={[{ type: 'paragraph', children: [{ type: 'link', url, children: [{ text: 'evil' }] }] }] as RichTextDocument} />,
    );

  it('shows a blank address as the link text in an <a> without href', () => {
    expect(view('')).toBe('<div id="v" class="rich-text rich-text--readonly"><p><a class="rich-text__dead-link"><span>evil</span></a></p></div>');
  });

  it('shows a javascript: address that slipped past the server the same way', () => {
    expect(view('javascript:alert(1)')).toBe(view(''));
  });

  it('links an allowed address', () => {
    expect(view('https://example.org')).toContain('<a href="https://example.org/" rel="noopener noreferrer nofollow" target="_blank"><span>evil</span></a>');
  });
});
