/**
 * Rich-text rules shared by the editor (client) and the sanitiser (server); plain data, no DOM.
 *
 * Stored value format: a rich-text field keeps its JSON Schema type
 * `string`; its value is a slate document (an array of block elements) serialised with
 * `JSON.stringify`, e.g. `[{"type":"paragraph","children":[{"text":"Hi","bold":true}]}]`.
 * A string that does not parse as a JSON array is a plain-text value (seeds, older data, API
 * clients) and reads as a one-paragraph document. The schema's `maxLength` counts the serialised
 * string. An empty document is stored as no value at all (`undefined`), so `required` still works.
 *
 * Rules (docs/behaviour.md "Rich text"): links keep only http, https, mailto and tel addresses (else blank);
 * image sources only http, https or data (else blank); selected text that looks like an e-mail
 * address becomes a `mailto:` link; indent levels 1–8; header levels 1–6; inserted images must be
 * png, gif, jpeg, bmp or x-icon; undo groups edits within 1000 ms and keeps at most 100 entries.
 */

/** Text marks a leaf may carry. */
export const RICH_TEXT_MARKS = ['bold', 'italic', 'underline', 'strikethrough'] as const;
export type RichTextMark = (typeof RICH_TEXT_MARKS)[number];

/** Block element types (top level or inside lists). */
export const RICH_TEXT_BLOCKS = ['paragraph', 'heading', 'bulleted-list', 'numbered-list', 'list-item', 'image'] as const;
/** Inline element types (inside a block, around text). */
export const RICH_TEXT_INLINES = ['link'] as const;
export type RichTextElementType = (typeof RICH_TEXT_BLOCKS)[number] | (typeof RICH_TEXT_INLINES)[number];

/** Header levels. */
export const HEADING_LEVEL_MIN = 1;
export const HEADING_LEVEL_MAX = 6;
/** Indent levels (0 = not indented, stored as no `indent` key). */
export const INDENT_MAX = 8;
/** Undo history: edits closer than this many milliseconds form one undo step. */
export const UNDO_GROUP_MS = 1000;
/** Undo history: at most this many undo steps are kept. */
export const UNDO_MAX_ENTRIES = 100;

/** Size caps checked on the server (and by the editor before it reports a value). */
export const RICH_TEXT_MAX_CHARS = 200_000;
export const RICH_TEXT_MAX_NODES = 5_000;
export const RICH_TEXT_MAX_DEPTH = 6;

/** Media types an inserted image file may have: png, gif, jpeg, bmp, x-icon. */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/gif', 'image/jpeg', 'image/bmp', 'image/x-icon'] as const;
/** Browsers report .ico files under either name; both mean x-icon. */
const IMAGE_MEDIA_ALIASES: Record<string, string> = { 'image/vnd.microsoft.icon': 'image/x-icon', 'image/jpg': 'image/jpeg' };

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:', 'data:']);

export type RichTextText = { text: string } & Partial<Record<RichTextMark, true>>;
export type RichTextElement = {
  type: RichTextElementType;
  children: RichTextNode[];
  level?: number;
  indent?: number;
  url?: string;
  src?: string;
  alt?: string;
};
export type RichTextNode = RichTextElement | RichTextText;
/** A whole document: the top-level blocks. */
export type RichTextDocument = RichTextElement[];

/** Parses `raw` with the WHATWG URL parser (no base: relative addresses have no scheme). */
function parseUrl(raw: string): URL | null {
  try {
    return new URL(raw.trim());
  } catch {
    return null;
  }
}

/**
 * A link address as stored: the parsed address when its scheme is http, https, mailto or tel,
 * otherwise `''`. The URL parser, not a pattern, decides the scheme, so padded,
 * mixed-case and tab-split spellings of `javascript:` are recognised; entity-encoded ones do not
 * parse as absolute URLs and are blank too.
 */
export function safeLinkUrl(raw: string): string {
  const url = parseUrl(raw);
  return url && LINK_SCHEMES.has(url.protocol) ? url.href : '';
}

/** The media type of a `data:` address (`data:image/png;base64,…` → `image/png`), lower case. */
function dataMediaType(url: URL): string {
  const type = url.pathname.split(/[;,]/, 1)[0] ?? '';
  return type.trim().toLowerCase();
}

/**
 * An image source as stored: http, https or data addresses, otherwise `''`. A `data:`
 * address must carry one of {@link IMAGE_MEDIA_TYPES} (so `data:text/html` is blank).
 */
export function safeImageSrc(raw: string): string {
  const url = parseUrl(raw);
  if (!url || !IMAGE_SCHEMES.has(url.protocol)) return '';
  if (url.protocol === 'data:' && !isInsertableImageType(dataMediaType(url))) return '';
  return url.href;
}

/** True for the media types an inserted image may have, aliases included. */
export function isInsertableImageType(mediaType: string): boolean {
  const type = mediaType.trim().toLowerCase();
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(IMAGE_MEDIA_ALIASES[type] ?? type);
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** True when `text` looks like a single e-mail address (`name@example.org`). */
export function looksLikeEmail(text: string): boolean {
  return EMAIL.test(text.trim());
}

/**
 * The address a new link gets: an entered address that looks like an e-mail address, or
 * else selected text that does, gets `mailto:`; the result passes {@link safeLinkUrl}.
 */
export function linkUrlFor(entered: string, selectedText = ''): string {
  const input = entered.trim();
  if (input && looksLikeEmail(input)) return safeLinkUrl(`mailto:${input}`);
  if (!input && looksLikeEmail(selectedText)) return safeLinkUrl(`mailto:${selectedText.trim()}`);
  return safeLinkUrl(input);
}

/** The next indent level, kept within 0–{@link INDENT_MAX}. */
export function stepIndent(current: number | undefined, delta: 1 | -1): number {
  return Math.max(0, Math.min(INDENT_MAX, (current ?? 0) + delta));
}

/** True for header levels 1–6. */
export function isHeadingLevel(level: unknown): level is number {
  return Number.isInteger(level) && (level as number) >= HEADING_LEVEL_MIN && (level as number) <= HEADING_LEVEL_MAX;
}

/** True for stored indent levels 1–8. */
export function isIndentLevel(indent: unknown): indent is number {
  return Number.isInteger(indent) && (indent as number) >= 1 && (indent as number) <= INDENT_MAX;
}

/**
 * True when an edit at `now` joins the undo step of the edit at `lastEditAt`: edits within
 * {@link UNDO_GROUP_MS} of each other form one step. Times in milliseconds.
 */
export function joinsUndoGroup(lastEditAt: number | undefined, now: number): boolean {
  return lastEditAt !== undefined && now - lastEditAt >= 0 && now - lastEditAt < UNDO_GROUP_MS;
}

/** A plain-text value as a document: one paragraph holding the text. */
export function plainTextDocument(text: string): RichTextDocument {
  return [{ type: 'paragraph', children: [{ text }] }];
}

/** Plain text as a document of one paragraph per `\n`-separated line (`toPlainText` gives the text back). */
export function linesDocument(text: string): RichTextDocument {
  return text.split('\n').flatMap((line) => plainTextDocument(line));
}

/** True when a stored string is a serialised document rather than plain text (it parses as a JSON array). */
export function isDocumentString(value: string): boolean {
  if (!value.trimStart().startsWith('[')) return false;
  try {
    return Array.isArray(JSON.parse(value));
  } catch {
    return false;
  }
}

/** Plain text of a node tree, blocks separated by newlines (for summaries and emptiness checks). */
export function toPlainText(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => ('text' in node ? node.text : node.type === 'link' ? toPlainText(node.children) : toPlainText(node.children)))
    .join(nodes.some((node) => 'type' in node && node.type !== 'link') ? '\n' : '');
}

function hasImage(nodes: readonly RichTextNode[]): boolean {
  return nodes.some((node) => 'type' in node && (node.type === 'image' || hasImage(node.children)));
}

/** True when a document holds no text and no image (it is stored as no value). */
export function isDocumentEmpty(doc: RichTextDocument): boolean {
  return !toPlainText(doc).trim() && !hasImage(doc);
}

/** Result of {@link readRichText}: a clean document, or why the value is not an allowed one. */
export type RichTextReading = { ok: true; doc: RichTextDocument; isPlainText: boolean } | { ok: false; message: string };

type Budget = { nodes: number };

const ELEMENT_KEYS: Record<RichTextElementType, readonly string[]> = {
  paragraph: ['type', 'children', 'indent'],
  heading: ['type', 'children', 'level', 'indent'],
  'bulleted-list': ['type', 'children', 'indent'],
  'numbered-list': ['type', 'children', 'indent'],
  'list-item': ['type', 'children'],
  image: ['type', 'children', 'src', 'alt'],
  link: ['type', 'children', 'url'],
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function cleanText(node: Record<string, unknown>): RichTextText | string {
  if (typeof node.text !== 'string') return 'a text node needs a string "text"';
  const text: RichTextText = { text: node.text };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'text') continue;
    if (!(RICH_TEXT_MARKS as readonly string[]).includes(key)) return `"${key}" is not an allowed text mark`;
    if (value !== true) return `the mark "${key}" must be true`;
    text[key as RichTextMark] = true;
  }
  return text;
}

function cleanElement(node: Record<string, unknown>, depth: number, budget: Budget): RichTextElement | string {
  const type = node.type;
  if (typeof type !== 'string' || !Object.hasOwn(ELEMENT_KEYS, type)) return `"${String(type)}" is not an allowed node type`;
  const allowed = ELEMENT_KEYS[type as RichTextElementType];
  const extra = Object.keys(node).find((key) => !allowed.includes(key));
  if (extra !== undefined) return `"${extra}" is not allowed on a ${type} node`;
  if (!Array.isArray(node.children) || node.children.length === 0) return `a ${type} node needs children`;
  const element: RichTextElement = { type: type as RichTextElementType, children: [] };
  if (type === 'heading') {
    if (!isHeadingLevel(node.level)) return `header level must be ${HEADING_LEVEL_MIN}–${HEADING_LEVEL_MAX}`;
    element.level = node.level;
  }
  if (node.indent !== undefined) {
    if (!isIndentLevel(node.indent)) return `indent level must be 1–${INDENT_MAX}`;
    element.indent = node.indent;
  }
  if (type === 'link') element.url = safeLinkUrl(typeof node.url === 'string' ? node.url : '');
  if (type === 'image') {
    element.src = safeImageSrc(typeof node.src === 'string' ? node.src : '');
    if (node.alt !== undefined) {
      if (typeof node.alt !== 'string') return 'an image "alt" must be a string';
      element.alt = node.alt;
    }
  }
  const children = cleanNodes(node.children, depth + 1, budget);
  if (typeof children === 'string') return children;
  element.children = children;
  return element;
}

function cleanNodes(nodes: unknown[], depth: number, budget: Budget): RichTextNode[] | string {
  if (depth > RICH_TEXT_MAX_DEPTH) return `nodes nest deeper than ${RICH_TEXT_MAX_DEPTH} levels`;
  const out: RichTextNode[] = [];
  for (const node of nodes) {
    budget.nodes += 1;
    if (budget.nodes > RICH_TEXT_MAX_NODES) return `more than ${RICH_TEXT_MAX_NODES} nodes`;
    if (!isPlainObject(node)) return 'every node must be an object';
    const clean = 'text' in node && !('type' in node) ? cleanText(node) : cleanElement(node, depth, budget);
    if (typeof clean === 'string') return clean;
    out.push(clean);
  }
  return out;
}

/**
 * Reads a stored rich-text value (see the format at the top of this file) against the allow-list
 * of node types, attributes and marks and the size caps. Addresses failing the scheme rules are
 * blanked, not refused; anything else outside the allow-list is refused with a message.
 * `undefined` and `null` read as an empty document.
 */
export function readRichText(value: unknown): RichTextReading {
  if (value === undefined || value === null) return { ok: true, doc: plainTextDocument(''), isPlainText: true };
  if (typeof value !== 'string') return { ok: false, message: 'must be a rich-text document (a string)' };
  if (value.length > RICH_TEXT_MAX_CHARS) return { ok: false, message: `must be at most ${RICH_TEXT_MAX_CHARS} characters` };
  if (!isDocumentString(value)) return { ok: true, doc: plainTextDocument(value), isPlainText: true };
  const nodes = JSON.parse(value) as unknown[];
  if (nodes.length === 0) return { ok: true, doc: plainTextDocument(''), isPlainText: false };
  const clean = cleanNodes(nodes, 1, { nodes: 0 });
  if (typeof clean === 'string') return { ok: false, message: `is not an allowed rich-text document: ${clean}` };
  if (clean.some((node) => 'text' in node || node.type === 'link' || node.type === 'list-item')) {
    return { ok: false, message: 'is not an allowed rich-text document: the top level holds blocks only' };
  }
  return { ok: true, doc: clean as RichTextDocument, isPlainText: false };
}

/** The stored form of a document: `undefined` when empty, else its JSON (see the top of this file). */
export function serialiseRichText(doc: RichTextDocument): string | undefined {
  return isDocumentEmpty(doc) ? undefined : JSON.stringify(doc);
}

const HTML_TAG =
  /<\/?(?:p|br|div|span|b|strong|i|em|u|s|strike|del|ul|ol|li|h[1-6]|a|img|script|style|iframe|frame|object|embed|svg|math|form|input|button|textarea|select|link|meta|base|body|html|head|table|tr|td|th|blockquote|pre|code|video|audio|source|details|marquee)(?=[\s/>])[^>]*>/i;

/**
 * True when a plain-text value holds HTML markup (older data and the areas' examples store
 * `<p>…</p>`). Only known tag names count, so text such as `x<y and y>z` stays text.
 */
export function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text);
}
