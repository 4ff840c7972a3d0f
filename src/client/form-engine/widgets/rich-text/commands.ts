/** Editing commands of the rich-text toolbar (rules from src/shared/rich-text.ts). */
import type { Node } from 'slate';
import { Editor, Element, Range, Transforms } from 'slate';
import {
  linkUrlFor,
  looksLikeEmail,
  safeImageSrc,
  stepIndent,
  type RichTextElement,
  type RichTextMark,
} from '../../../../shared/rich-text';
import type { RichTextEditor } from './slate-types';

const LIST_TYPES = ['bulleted-list', 'numbered-list'] as const;
export type ListType = (typeof LIST_TYPES)[number];

/** True when the selection's text carries `mark`. */
export function isMarkActive(editor: RichTextEditor, mark: RichTextMark): boolean {
  return Editor.marks(editor)?.[mark] === true;
}

/** Adds or removes `mark` on the selection. */
export function toggleMark(editor: RichTextEditor, mark: RichTextMark): void {
  if (isMarkActive(editor, mark)) editor.removeMark(mark);
  else editor.addMark(mark, true);
}

function currentBlock(editor: RichTextEditor): RichTextElement | undefined {
  const entry = Editor.above(editor, {
    match: (n) =>
      Element.isElement(n) &&
      Editor.isBlock(editor, n) &&
      n.type !== 'list-item' &&
      !LIST_TYPES.includes(n.type as ListType),
  });
  const node = entry?.[0];
  return node && Element.isElement(node) ? node : undefined;
}

/** The heading level of the block at the selection, 0 for a paragraph or list. */
export function headingLevel(editor: RichTextEditor): number {
  const block = currentBlock(editor);
  return block?.type === 'heading' ? (block.level ?? 0) : 0;
}

/** Makes the blocks at the selection headings of `level` (1–6), or paragraphs for 0. */
export function setHeading(editor: RichTextEditor, level: number): void {
  const match = (n: Node) =>
    Element.isElement(n) && (n.type === 'paragraph' || n.type === 'heading' || n.type === 'list-item');
  if (level === 0) Transforms.setNodes(editor, { type: 'paragraph', level: undefined }, { match });
  else Transforms.setNodes(editor, { type: 'heading', level: Math.min(6, Math.max(1, level)) }, { match });
}

/** True when the selection is inside a list of `type`. */
export function isListActive(editor: RichTextEditor, type: ListType): boolean {
  const [entry] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && n.type === type });
  return entry !== undefined;
}

/** Turns the blocks at the selection into a list of `type`, or back into paragraphs. */
export function toggleList(editor: RichTextEditor, type: ListType): void {
  const active = isListActive(editor, type);
  Editor.withoutNormalizing(editor, () => {
    Transforms.unwrapNodes(editor, {
      match: (n) => Element.isElement(n) && LIST_TYPES.includes(n.type as ListType),
      split: true,
    });
    Transforms.setNodes(
      editor,
      { type: active ? 'paragraph' : 'list-item', level: undefined },
      {
        match: (n) => Element.isElement(n) && Editor.isBlock(editor, n) && n.type !== 'image',
      },
    );
    if (!active)
      Transforms.wrapNodes(
        editor,
        { type, children: [] },
        { match: (n) => Element.isElement(n) && n.type === 'list-item' },
      );
  });
}

/** Indents (+1) or outdents (−1) the top-level blocks at the selection, within 0–8. */
export function changeIndent(editor: RichTextEditor, delta: 1 | -1): void {
  for (const [node, path] of Editor.nodes(editor, {
    match: (n, p) => Element.isElement(n) && p.length === 1 && n.type !== 'image',
  })) {
    if (!Element.isElement(node)) continue;
    const indent = stepIndent(node.indent, delta);
    Transforms.setNodes(editor, { indent: indent === 0 ? undefined : indent }, { at: path });
  }
}

/** True when the selection is inside a link. */
export function isLinkActive(editor: RichTextEditor): boolean {
  const [entry] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && n.type === 'link' });
  return entry !== undefined;
}

/** The stored address of the link around the selection (`''` for a blank one), or `undefined` outside a link. */
export function activeLinkUrl(editor: RichTextEditor): string | undefined {
  const [entry] = Editor.nodes(editor, { match: (n) => Element.isElement(n) && n.type === 'link' });
  const node = entry?.[0];
  return node && Element.isElement(node) ? (node.url ?? '') : undefined;
}

/**
 * Why the address dialog cannot use `entered`, or `null`: an empty address, or one that is neither
 * an absolute address (WHATWG URL parser) nor an e-mail address. An absolute address whose scheme
 * the rules refuse (`javascript:`) passes here and is stored blank by {@link insertLink} and
 * {@link insertImage}: a link keeps its text.
 */
export function addressProblem(entered: string): string | null {
  const input = entered.trim();
  if (!input) return 'Enter an address.';
  if (looksLikeEmail(input)) return null;
  try {
    new URL(input);
    return null;
  } catch {
    return 'Enter a full address, such as https://example.org, mailto:name@example.org or tel:+15550100.';
  }
}

/** Gives the link around the selection the address `entered` (scheme rules as {@link insertLink}). */
export function updateLink(editor: RichTextEditor, entered: string): void {
  Transforms.setNodes(editor, { url: linkUrlFor(entered) }, { match: (n) => Element.isElement(n) && n.type === 'link' });
}

/** Removes the link around the selection. */
export function removeLink(editor: RichTextEditor): void {
  Transforms.unwrapNodes(editor, { match: (n) => Element.isElement(n) && n.type === 'link' });
}

/**
 * Links the selected text to `entered` (only http, https, mailto, tel, else a blank
 * address: the text stays, a link without address; selected text looking like an e-mail address
 * gets `mailto:`). With a collapsed selection the address itself is inserted as the link's text.
 */
export function insertLink(editor: RichTextEditor, entered: string): void {
  if (!editor.selection) return;
  const selected = Editor.string(editor, editor.selection);
  const url = linkUrlFor(entered, selected);
  if (isLinkActive(editor)) removeLink(editor);
  if (Range.isCollapsed(editor.selection)) {
    Transforms.insertNodes(editor, { type: 'link', url, children: [{ text: url || entered }] });
  } else {
    Transforms.wrapNodes(editor, { type: 'link', url, children: [] }, { split: true });
    Transforms.collapse(editor, { edge: 'end' });
  }
  // step out of the link, so that typing on does not lengthen it
  Transforms.move(editor, { unit: 'offset' });
}

/** Inserts an image block (source checked: http, https or an image `data:` address, else blank). */
export function insertImage(editor: RichTextEditor, src: string, alt = ''): void {
  Transforms.insertNodes(editor, [
    { type: 'image', src: safeImageSrc(src), alt, children: [{ text: '' }] },
    { type: 'paragraph', children: [{ text: '' }] },
  ]);
}

/** Slate plugin: links are inline, images are void. */
export function withRichTextNodes<T extends RichTextEditor>(editor: T): T {
  const { isInline, isVoid } = editor;
  editor.isInline = (element) => element.type === 'link' || isInline(element);
  editor.isVoid = (element) => element.type === 'image' || isVoid(element);
  return editor;
}
