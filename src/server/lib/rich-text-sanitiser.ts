/**
 * Server side of the rich-text rules (docs/behaviour.md "Rich text"; format and allow-list in
 * src/shared/rich-text.ts): every field whose UI schema names the `richText` widget is read against
 * the allow-list and the size caps before a submission is stored, addresses failing the scheme
 * rules are blanked, and HTML made from a stored value goes through sanitize-html with the same
 * allow-list, so reading a value back never yields a script, an event handler or a `javascript:`
 * link.
 */
import sanitizeHtml from 'sanitize-html';
import type { FieldError } from '../../shared/api-error';
import { escapePointerToken } from '../../shared/form-validation';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json';
import { looksLikeHtml, readRichText, type RichTextNode } from '../../shared/rich-text';

const RICH_TEXT_WIDGET = 'richText';

/** sanitize-html settings: only the tags and attributes the renderer below makes, only the allowed schemes. */
const HTML_POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'img', 'strong', 'em', 'u', 's'],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'], '*': ['class'] },
  allowedClasses: {
    '*': ['indent-1', 'indent-2', 'indent-3', 'indent-4', 'indent-5', 'indent-6', 'indent-7', 'indent-8'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const MARK_TAGS = [
  ['bold', 'strong'],
  ['italic', 'em'],
  ['underline', 'u'],
  ['strikethrough', 's'],
] as const;

function nodesToHtml(nodes: readonly RichTextNode[]): string {
  return nodes
    .map((node) => {
      if ('text' in node) {
        return MARK_TAGS.reduce(
          (html, [mark, tag]) => (node[mark] ? `<${tag}>${html}</${tag}>` : html),
          escapeHtml(node.text),
        );
      }
      const inner = nodesToHtml(node.children);
      const cls = node.indent ? ` class="indent-${node.indent}"` : '';
      switch (node.type) {
        case 'heading':
          return `<h${node.level}${cls}>${inner}</h${node.level}>`;
        case 'bulleted-list':
          return `<ul${cls}>${inner}</ul>`;
        case 'numbered-list':
          return `<ol${cls}>${inner}</ol>`;
        case 'list-item':
          return `<li>${inner}</li>`;
        case 'link':
          // a blank address keeps the link's text in an `<a>` without `href` (docs/behaviour.md "Rich text")
          return node.url ? `<a href="${escapeHtml(node.url)}" rel="noopener noreferrer nofollow">${inner}</a>` : `<a>${inner}</a>`;
        case 'image':
          return node.src ? `<img src="${escapeHtml(node.src)}" alt="${escapeHtml(node.alt ?? '')}">` : '';
        default:
          return `<p${cls}>${inner}</p>`;
      }
    })
    .join('');
}

/**
 * HTML for a stored rich-text value (for e-mails, exports and checks), passed through
 * sanitize-html with the allow-list above. A value outside the allow-list gives `''`.
 */
export function richTextToSafeHtml(value: JsonValue | undefined): string {
  const reading = readRichText(value);
  if (!reading.ok) return '';
  const html =
    reading.isPlainText && typeof value === 'string' && looksLikeHtml(value) ? value : nodesToHtml(reading.doc);
  return sanitizeHtml(html, HTML_POLICY);
}

/**
 * The value to store for one rich-text field: a document re-serialised from its clean reading
 * (addresses blanked by the scheme rules); plain text unchanged, unless it holds HTML markup
 * (older data), which goes through sanitize-html with the allow-list above. `{ message }` when
 * the value is outside the allow-list or the caps.
 */
export function sanitiseRichTextValue(value: JsonValue): { value: JsonValue } | { message: string } {
  const reading = readRichText(value);
  if (!reading.ok) return { message: reading.message };
  if (!reading.isPlainText) return { value: JSON.stringify(reading.doc) };
  return { value: typeof value === 'string' && looksLikeHtml(value) ? sanitizeHtml(value, HTML_POLICY) : value };
}

function visit(
  ui: JsonObject,
  data: JsonValue | undefined,
  pointer: string,
  errors: FieldError[],
  faulted: Set<string>,
  isHolder = false,
): void {
  if (Array.isArray(data)) {
    const items = ui.items;
    if (!isJsonObject(items)) return;
    data.forEach((item, index) => visit(items, item, `${pointer}/${index}`, errors, faulted));
    return;
  }
  if (!isJsonObject(data)) return;
  for (const [key, child] of Object.entries(ui)) {
    if (key.startsWith('ui:') || !isJsonObject(child) || data[key] === undefined) continue;
    const path = isHolder ? pointer : `${pointer}/${escapePointerToken(key)}`;
    const options = child['ui:options'];
    const widget = child['ui:widget'] ?? (isJsonObject(options) ? options.widget : undefined);
    if (widget !== RICH_TEXT_WIDGET) {
      visit(child, data[key], path, errors, faulted);
      continue;
    }
    if (faulted.has(path)) continue;
    const result = sanitiseRichTextValue(data[key]);
    if ('message' in result) errors.push({ path, message: result.message });
    else data[key] = result.value;
  }
}

/**
 * Checks and cleans every rich-text field of `data` (fields whose UI schema says
 * `"ui:widget": "richText"`, also inside objects and repeating sections, and the form's root
 * itself for a form of one field). Fields inside `data` are cleaned in place; `data` is the
 * cleaned root value (the same object, or the cleaned value when the root is the rich-text field).
 * `errors` has one entry per field outside the allow-list (JSON Pointer paths, RFC 6901); fields
 * already in `known` are skipped.
 */
export function sanitiseRichTextFields(
  uiSchema: JsonObject,
  data: JsonValue,
  known: readonly FieldError[] = [],
): { data: JsonValue; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const faulted = new Set(known.map((error) => error.path));
  // The root seen as the one field of a holder object, so a rich-text root is checked like any field.
  const holder: JsonObject = { root: data };
  visit({ root: uiSchema }, holder, '', errors, faulted, true);
  return { data: holder.root ?? data, errors };
}
