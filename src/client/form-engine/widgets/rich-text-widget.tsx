import type { WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useState, type KeyboardEvent } from 'react';
import { createEditor, Editor, Transforms } from 'slate';
import { Editable, ReactEditor, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import {
  isDocumentEmpty,
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
 * render the stored value without an editor. Options: `ui:placeholder`. Until the field is first
 * focused (click or Tab) it is a focusable box showing the value (`data-rich-text="lazy"`); the
 * focus builds the editor, with its toolbar, and puts the caret at the end, so mounting a form with
 * several rich-text fields builds no editor (issue 4 "Performance").
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, disabled, readonly, autofocus, placeholder } = props;
  // slate reads `initialValue` once, on mount; later values come from the editor itself
  const [initial] = useState(() => initialDocument(props.value));
  const [active, setActive] = useState(Boolean(autofocus));
  if (readonly || disabled) return <RichTextView id={id} doc={initialDocument(props.value)} />;
  if (!active) {
    const empty = isDocumentEmpty(initial);
    return (
      <div className="rich-text">
        <div
          id={id}
          tabIndex={0}
          data-rich-text="lazy"
          className="rich-text__editable form-control"
          role="textbox"
          aria-multiline
          aria-label={props.label || undefined}
          aria-describedby={`${id}__description ${id}__error ${id}__help`}
          aria-required={props.required || undefined}
          onFocus={() => setActive(true)}
        >
          {empty ? <span className="rich-text__placeholder">{placeholder}</span> : <RichTextView id={`${id}__preview`} doc={initial} />}
        </div>
      </div>
    );
  }
  return <RichTextEditorField {...props} initial={initial} focusOnMount={!autofocus} />;
}

function RichTextEditorField(props: WidgetProps & { initial: RichTextDocument; focusOnMount: boolean }) {
  const { id, autofocus, placeholder, onChange, onBlur, onFocus, initial, focusOnMount } = props;
  const [editor] = useState<RichTextEditor>(() => withRichTextNodes(withTimedHistory(withReact(createEditor()))));
  useLayoutEffect(() => {
    if (!focusOnMount) return;
    // the focus that built the editor moves into it, caret at the end
    Transforms.select(editor, Editor.end(editor, []));
    ReactEditor.focus(editor);
  }, [editor, focusOnMount]);
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
