/**
 * A stored rich-text value as pdfmake content (https://pdfmake.github.io/docs/0.3/document-definition-object/):
 * paragraphs, headings, bulleted and numbered lists, bold, italic, underline, strikethrough and
 * links; an image is named by its alt text (the PDF fetches nothing). The value is read with the
 * one allow-list (src/shared/rich-text.ts); older values that hold HTML go through the server's
 * sanitiser first (lib/rich-text-sanitiser.ts) and are then read by htmlparser2 into the same
 * document nodes.
 */
import { Parser } from 'htmlparser2';
import type { Content } from 'pdfmake/interfaces';
import type { JsonValue } from '../../../shared/json';
import {
  looksLikeHtml,
  readRichText,
  type RichTextElement,
  type RichTextMark,
  type RichTextNode,
  type RichTextText,
} from '../../../shared/rich-text';
import { richTextToSafeHtml } from '../../lib/rich-text-sanitiser';

/** Colour of link text. */
const LINK_COLOR = '#1d4ed8';
/** Left indent per list or indent level, in points. */
const INDENT = 14;

const MARK_TAGS: Readonly<Record<string, RichTextMark>> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
};
const BLOCK_TAGS: Readonly<Record<string, RichTextElement['type']>> = {
  p: 'paragraph',
  div: 'paragraph',
  ul: 'bulleted-list',
  ol: 'numbered-list',
  li: 'list-item',
  a: 'link',
  img: 'image',
};

type Open = { element: RichTextElement | null; marks: Partial<Record<RichTextMark, true>> };

/** Sanitised HTML → document nodes (marks carried down to the text they wrap; other tags are see-through). */
function htmlToNodes(html: string): RichTextNode[] {
  const root: RichTextElement = { type: 'paragraph', children: [] };
  const stack: Open[] = [{ element: root, marks: {} }];
  const top = () => stack[stack.length - 1] ?? { element: root, marks: {} };
  const container = () => [...stack].reverse().find((open) => open.element)?.element ?? root;
  const parser = new Parser({
    onopentag(name, attributes) {
      const marks = { ...top().marks };
      const mark = MARK_TAGS[name];
      if (mark) marks[mark] = true;
      if (name === 'br') container().children.push({ text: '\n', ...marks });
      const heading = /^h([1-6])$/.exec(name);
      const type = heading ? 'heading' : BLOCK_TAGS[name];
      let element: RichTextElement | null = null;
      if (type) {
        element = { type, children: [] };
        if (heading) element.level = Number(heading[1]);
        if (type === 'link') element.url = attributes.href ?? '';
        if (type === 'image') element.alt = attributes.alt ?? '';
        container().children.push(element);
      }
      stack.push({ element, marks });
    },
    ontext(text) {
      container().children.push({ text: text.replace(/\s+/g, ' '), ...top().marks });
    },
    onclosetag() {
      if (stack.length > 1) stack.pop();
    },
  });
  parser.end(html);
  return root.children;
}

function isText(node: RichTextNode): node is RichTextText {
  return 'text' in node;
}

function isInline(node: RichTextNode): boolean {
  return isText(node) || node.type === 'link';
}

/** One inline node as pdfmake text (an array of runs for a link). */
function inline(node: RichTextNode, link?: string): Content {
  if (!isText(node)) {
    const url = node.type === 'link' && node.url ? node.url : link;
    return { text: node.children.map((child) => inline(child, url)) };
  }
  const decoration = node.underline || link ? 'underline' : node.strikethrough ? 'lineThrough' : undefined;
  return {
    text: node.text,
    ...(node.bold && { bold: true }),
    ...(node.italic && { italics: true }),
    ...(decoration && { decoration }),
    ...(link && { link, color: LINK_COLOR }),
  };
}

function hasText(nodes: readonly RichTextNode[]): boolean {
  return nodes.some((node) =>
    isText(node) ? node.text.trim() !== '' : node.type === 'image' || hasText(node.children),
  );
}

function block(element: RichTextElement): Content | null {
  const left = (element.indent ?? 0) * INDENT;
  switch (element.type) {
    case 'heading':
      return {
        text: element.children.map((child) => inline(child)),
        bold: true,
        fontSize: Math.max(10, 15 - (element.level ?? 1)),
        margin: [left, 4, 0, 2],
      };
    case 'bulleted-list':
    case 'numbered-list': {
      const items = element.children
        .map((child) =>
          isText(child) ? [inline(child)] : child.type === 'list-item' ? blocks(child.children) : blocks([child]),
        )
        .filter((content) => content.length > 0)
        .map((content) => (content.length === 1 && content[0] ? content[0] : { stack: content }));
      if (!items.length) return null;
      return element.type === 'bulleted-list'
        ? { ul: items, margin: [left, 0, 0, 4] }
        : { ol: items, margin: [left, 0, 0, 4] };
    }
    case 'image':
      return {
        text: element.alt ? `[Image: ${element.alt}]` : '[Image]',
        italics: true,
        color: '#555555',
        margin: [left, 0, 0, 4],
      };
    default: {
      // a paragraph, or a list item outside a list; block children (HTML may nest them) stack
      if (!element.children.every(isInline)) {
        const inner = blocks(element.children);
        return inner.length ? { stack: inner, margin: [left, 0, 0, 0] } : null;
      }
      if (!hasText(element.children)) return null;
      return { text: element.children.map((child) => inline(child)), margin: [left, 0, 0, 4] };
    }
  }
}

/** Block nodes as pdfmake content; a run of loose inline nodes becomes one paragraph. */
function blocks(nodes: readonly RichTextNode[]): Content[] {
  const out: Content[] = [];
  let run: RichTextNode[] = [];
  const flush = () => {
    if (hasText(run)) out.push({ text: run.map((node) => inline(node)), margin: [0, 0, 0, 4] });
    run = [];
  };
  for (const node of nodes) {
    if (isInline(node)) {
      run.push(node);
      continue;
    }
    flush();
    const content = block(node as RichTextElement);
    if (content) out.push(content);
  }
  flush();
  return out;
}

/**
 * A stored rich-text value (a document, plain text, or older HTML) as pdfmake content; `[]` when
 * empty. A value outside the allow-list shows as a note instead (the server refuses such values
 * on submit, so only data stored before a rule change can be one).
 */
export function richTextContent(value: JsonValue | undefined): Content[] {
  const reading = readRichText(value);
  if (!reading.ok) return [{ text: '(This text cannot be shown.)', italics: true }];
  if (!reading.isPlainText) return blocks(reading.doc);
  if (typeof value !== 'string' || value.trim() === '') return [];
  if (looksLikeHtml(value)) return blocks(htmlToNodes(richTextToSafeHtml(value)));
  return [{ text: value }];
}
