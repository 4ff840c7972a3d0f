/**
 * What the web app's build puts in place of `markdown-to-jsx/react` (vite.config.ts `resolve.alias`):
 * rjsf 6 imports its `Markdown` component for descriptions and help texts with
 * `ui:enableMarkdownInDescription` / `ui:enableMarkdownInHelp` and for a few of its own messages,
 * and markdown-to-jsx weighs about 30 KB gzip, a third of the form engine. This renders the
 * inline part of Markdown only — `` `code` ``, `**strong**`, `*emphasis*` / `_emphasis_` — and
 * everything else as the text it is: React elements only, never HTML, so nothing in a text can
 * inject markup. Links, lists and headings show as written.
 */
import type { ReactNode } from 'react';

/** Inline spans, longest delimiters first: code (nothing inside is read), strong, emphasis. */
const INLINE = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s](?:[^*]*[^*\s])?)\*|\b_([^_\s](?:[^_]*[^_\s])?)_\b/gs;

/** `text` as React nodes with its inline Markdown spans as `<code>`, `<strong>` and `<em>`. */
export function renderInlineMarkdown(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, strong, strongAlt, em, emAlt] = match;
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const key = nodes.length;
    if (code !== undefined) nodes.push(<code key={key}>{code}</code>);
    else if (strong !== undefined || strongAlt !== undefined)
      nodes.push(<strong key={key}>{renderInlineMarkdown(strong ?? strongAlt ?? '')}</strong>);
    else nodes.push(<em key={key}>{renderInlineMarkdown(em ?? emAlt ?? '')}</em>);
    last = match.index + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The props rjsf passes (markdown-to-jsx's `options` are not needed: raw HTML is never parsed here). */
export type MarkdownProps = {
  children?: ReactNode;
  options?: unknown;
  [attribute: `data-${string}`]: string | undefined;
};

/**
 * rjsf's `<Markdown>`: a string child rendered by {@link renderInlineMarkdown} in a `<span>`
 * (markdown-to-jsx wraps inline text the same way); any other child as it is.
 */
export function Markdown({ children, options: _options, ...attributes }: MarkdownProps) {
  return <span {...attributes}>{typeof children === 'string' ? renderInlineMarkdown(children) : children}</span>;
}
