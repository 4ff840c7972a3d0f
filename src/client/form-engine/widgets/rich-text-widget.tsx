import type { WidgetProps } from '@rjsf/utils';
import { useState, type KeyboardEvent } from 'react';
import { createEditor } from 'slate';
import { Editable, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import {
  looksLikeHtml,
  plainTextDocument,
  readRichText,
  serialiseRichText,
  type RichTextDocument,
  type RichTextMark,
} from '../../../shared/rich-text';
import { toggleMark, withRichTextNodes } from './rich-text/commands';
import { htmlToDocument } from './rich-text/html-import';
import { RichTextElementView, RichTextLeafView, RichTextView } from './rich-text/rich-text-elements';
import { RichTextToolbar } from './rich-text/rich-text-toolbar';
import type { RichTextEditor } from './rich-text/slate-types';
import { withTimedHistory } from './rich-text/timed-history';
import './rich-text/rich-text.css';

const HOTKEYS: Record<string, RichTextMark> = { b: 'bold', i: 'italic', u: 'underline' };

function renderElement({ element, attributes, children }: RenderElementProps) {
  return (
    <RichTextElementView element={element} attributes={attributes}>
      {children}
    </RichTextElementView>
  );
}

function renderLeaf({ leaf, attributes, children }: RenderLeafProps) {
  return (
    <RichTextLeafView leaf={leaf} attributes={attributes}>
      {children}
    </RichTextLeafView>
  );
}

function initialDocument(value: unknown): RichTextDocument {
  const reading = readRichText(value);
  if (!reading.ok) return plainTextDocument('');
  return reading.isPlainText && typeof value === 'string' && looksLikeHtml(value) ? htmlToDocument(value) : reading.doc;
}

/**
 * `"ui:widget": "richText"`: a slate editor (spec §5 rules, src/shared/rich-text.ts) reporting
 * the serialised document as a string, or `undefined` when empty. Read-only forms (detail pages)
 * render the stored value without an editor. Options: `ui:placeholder`.
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, disabled, readonly, autofocus, placeholder, onChange, onBlur, onFocus } = props;
  const [editor] = useState<RichTextEditor>(() => withRichTextNodes(withTimedHistory(withReact(createEditor()))));
  // slate reads `initialValue` once, on mount; later values come from the editor itself
  const [initial] = useState(() => initialDocument(props.value));
  if (readonly || disabled) return <RichTextView id={id} doc={initialDocument(props.value)} />;
  const onKeyDown = (event: KeyboardEvent) => {
    const mark = (event.ctrlKey || event.metaKey) && !event.altKey ? HOTKEYS[event.key.toLowerCase()] : undefined;
    if (!mark) return;
    event.preventDefault();
    toggleMark(editor, mark);
  };
  return (
    <div className="rich-text">
      <Slate
        editor={editor}
        initialValue={initial}
        onValueChange={(doc) => onChange(serialiseRichText(doc as RichTextDocument))}
      >
        <RichTextToolbar fieldId={id} />
        <Editable
          id={id}
          className="rich-text__editable form-control"
          role="textbox"
          aria-multiline
          aria-label={props.label || undefined}
          aria-describedby={`${id}__description ${id}__error ${id}__help`}
          aria-required={props.required || undefined}
          autoFocus={autofocus}
          placeholder={placeholder}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
          onBlur={() => onBlur(id, props.value)}
          onFocus={() => onFocus(id, props.value)}
        />
      </Slate>
    </div>
  );
}
