/**
 * Older rich-text values are HTML strings (`<p>…</p>`, the areas' examples). This reads one into
 * a document with the browser's inert DOMParser (nothing runs, nothing loads) and keeps only
 * what the allow-list knows (src/shared/rich-text.ts): other elements contribute their text,
 * scripts and styles nothing; addresses pass the scheme rules of src/shared/rich-text.ts.
 */
import {
  looksLikeHtml,
  plainTextDocument,
  readRichText,
  safeImageSrc,
  safeLinkUrl,
  type RichTextDocument,
  type RichTextElement,
  type RichTextMark,
  type RichTextNode,
} from '../../../../shared/rich-text';

const MARK_OF: Record<string, RichTextMark> = {
  B: 'bold',
  STRONG: 'bold',
  I: 'italic',
  EM: 'italic',
  U: 'underline',
  S: 'strikethrough',
  STRIKE: 'strikethrough',
  DEL: 'strikethrough',
};
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT', 'EMBED', 'NOSCRIPT']);
const BLOCKS = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'IMG']);

type Marks = Partial<Record<RichTextMark, true>>;

function inlines(node: Node, marks: Marks): RichTextNode[] {
  if (node.nodeType === Node.TEXT_NODE) return [{ text: node.textContent ?? '', ...marks }];
  if (!(node instanceof Element) || SKIPPED.has(node.tagName)) return [];
  if (node.tagName === 'BR') return [{ text: '\n', ...marks }];
  const mark = MARK_OF[node.tagName];
  const inner = [...node.childNodes].flatMap((child) => inlines(child, mark ? { ...marks, [mark]: true } : marks));
  if (node.tagName === 'A')
    return [{ type: 'link', url: safeLinkUrl(node.getAttribute('href') ?? ''), children: withText(inner) }];
  return inner;
}

function withText(nodes: RichTextNode[]): RichTextNode[] {
  return nodes.length ? nodes : [{ text: '' }];
}

function block(element: Element): RichTextElement[] {
  const tag = element.tagName;
  if (tag === 'IMG')
    return [
      {
        type: 'image',
        src: safeImageSrc(element.getAttribute('src') ?? ''),
        alt: element.getAttribute('alt') ?? '',
        children: [{ text: '' }],
      },
    ];
  if (tag === 'UL' || tag === 'OL') {
    const items = [...element.children].filter((child) => child.tagName === 'LI');
    const children: RichTextElement[] = items.map((li) => ({
      type: 'list-item',
      children: withText([...li.childNodes].flatMap((c) => inlines(c, {}))),
    }));
    return children.length ? [{ type: tag === 'UL' ? 'bulleted-list' : 'numbered-list', children }] : [];
  }
  const heading = /^H([1-6])$/.exec(tag);
  if ([...element.children].some((child) => BLOCKS.has(child.tagName))) return blocks(element);
  const children = withText([...element.childNodes].flatMap((c) => inlines(c, {})));
  return [heading ? { type: 'heading', level: Number(heading[1]), children } : { type: 'paragraph', children }];
}

function blocks(parent: Element): RichTextElement[] {
  const out: RichTextElement[] = [];
  let loose: RichTextNode[] = [];
  const flush = () => {
    if (loose.some((node) => !('text' in node) || node.text.trim())) out.push({ type: 'paragraph', children: loose });
    loose = [];
  };
  for (const child of parent.childNodes) {
    if (child instanceof Element && BLOCKS.has(child.tagName)) {
      flush();
      out.push(...block(child));
    } else loose.push(...inlines(child, {}));
  }
  flush();
  return out;
}

/** A document from an HTML string (allow-listed structure only); an empty one when nothing is left. */
export function htmlToDocument(html: string): RichTextDocument {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const doc = blocks(body);
  return doc.length ? doc : plainTextDocument('');
}

/**
 * The document of a stored rich-text value (src/shared/rich-text.ts format): a serialised document
 * or plain text as `readRichText` reads it, an older HTML string through {@link htmlToDocument};
 * a value outside the allow-list shows as an empty document.
 */
export function storedValueToDocument(value: unknown): RichTextDocument {
  const reading = readRichText(value);
  if (!reading.ok) return plainTextDocument('');
  return reading.isPlainText && typeof value === 'string' && looksLikeHtml(value) ? htmlToDocument(value) : reading.doc;
}
