/**
 * How rich-text nodes look, shared by the editor (slate's `renderElement`/`renderLeaf`) and the
 * read-only view. Addresses are checked again here (src/shared/rich-text.ts), so a stored value that slipped past
 * the server still cannot render a `javascript:` link; text is always a React text node.
 */
import type { CSSProperties, ReactNode } from 'react';
import { safeImageSrc, safeLinkUrl, type RichTextElement, type RichTextText } from '../../../../shared/rich-text';
import { ImageDisplay } from '../image-display';

type ElementProps = { element: RichTextElement; attributes?: object; children: ReactNode };

function indentStyle(element: RichTextElement): CSSProperties | undefined {
  return element.indent ? { marginInlineStart: `${element.indent * 2}rem` } : undefined;
}

/** One element: paragraph, heading h1–h6, list, list item, link (safe address, or none: an `<a>` without `href`) or image. */
export function RichTextElementView({ element, attributes = {}, children }: ElementProps) {
  const style = indentStyle(element);
  switch (element.type) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(1, element.level ?? 1))}` as 'h1';
      return (
        <Tag {...attributes} style={style}>
          {children}
        </Tag>
      );
    }
    case 'bulleted-list':
      return (
        <ul {...attributes} style={style}>
          {children}
        </ul>
      );
    case 'numbered-list':
      return (
        <ol {...attributes} style={style}>
          {children}
        </ol>
      );
    case 'list-item':
      return <li {...attributes}>{children}</li>;
    case 'link': {
      const href = safeLinkUrl(element.url ?? '');
      return href ? (
        <a {...attributes} href={href} rel="noopener noreferrer nofollow" target="_blank">
          {children}
        </a>
      ) : (
        // a blank address (docs/behaviour.md "Rich text"): the link's text, in an `<a>` without `href`
        <a {...attributes} className="rich-text__dead-link">
          {children}
        </a>
      );
    }
    case 'image':
      return (
        <div {...attributes}>
          <div contentEditable={false}>
            <ImageDisplay src={safeImageSrc(element.src ?? '')} alt={element.alt ?? ''} />
          </div>
          {children}
        </div>
      );
    default:
      return (
        <p {...attributes} style={style}>
          {children}
        </p>
      );
  }
}

/** One text leaf with its marks. */
export function RichTextLeafView({
  leaf,
  attributes = {},
  children,
}: {
  leaf: RichTextText;
  attributes?: object;
  children: ReactNode;
}) {
  let out = children;
  if (leaf.bold) out = <strong>{out}</strong>;
  if (leaf.italic) out = <em>{out}</em>;
  if (leaf.underline) out = <u>{out}</u>;
  if (leaf.strikethrough) out = <s>{out}</s>;
  return <span {...attributes}>{out}</span>;
}

function renderNodes(nodes: readonly (RichTextElement | RichTextText)[]): ReactNode {
  return nodes.map((node, index) =>
    'text' in node ? (
      <RichTextLeafView key={index} leaf={node}>
        {node.text}
      </RichTextLeafView>
    ) : (
      <RichTextElementView key={index} element={node}>
        {renderNodes(node.children)}
      </RichTextElementView>
    ),
  );
}

/** A stored document shown read-only (detail pages): no editor, no HTML strings. */
export function RichTextView({ id, doc }: { id: string; doc: readonly RichTextElement[] }) {
  return (
    <div id={id} className="rich-text rich-text--readonly">
      {renderNodes(doc)}
    </div>
  );
}
