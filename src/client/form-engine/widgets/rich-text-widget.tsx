import type { WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { createEditor, Editor } from 'slate';
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
 * focused (click or Tab) it is a focusable, labelled textbox showing the current value
 * (`data-rich-text="lazy"`); the focus builds the editor, with its toolbar, and moves the focus into
 * it, caret at the end, before the browser runs its next task (no typed character is lost), so
 * mounting a form with several rich-text fields builds no editor (issue 4 "Performance").
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, disabled, readonly, autofocus } = props;
  const [active, setActive] = useState(Boolean(autofocus));
  if (readonly || disabled) return <RichTextReadOnly id={id} value={props.value as unknown} />;
  if (!active) return <LazyRichText {...props} onActivate={() => setActive(true)} />;
  return <RichTextEditorField {...props} focusOnMount={!autofocus} />;
}

function RichTextReadOnly({ id, value }: { id: string; value: unknown }) {
  const doc = useMemo(() => initialDocument(value), [value]);
  return <RichTextView id={id} doc={doc} />;
}

/** The field before its first focus: the value as rendered text, in a box that takes the focus. */
function LazyRichText(props: WidgetProps & { onActivate: () => void }) {
  const { id, placeholder, onActivate } = props;
  const value = props.value as unknown;
  const doc = useMemo(() => initialDocument(value), [value]);
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
        aria-placeholder={placeholder || undefined}
        aria-describedby={`${id}__description ${id}__error ${id}__help`}
        aria-required={props.required || undefined}
        onFocus={onActivate}
      >
        {isDocumentEmpty(doc) ? <span className="rich-text__placeholder">{placeholder}</span> : <RichTextView id={`${id}__preview`} doc={doc} />}
      </div>
    </div>
  );
}

function RichTextEditorField(props: WidgetProps & { focusOnMount: boolean }) {
  const { id, autofocus, placeholder, onChange, onBlur, onFocus, focusOnMount } = props;
  // slate reads `initialValue` once, on mount; later values come from the editor itself
  const [initial] = useState(() => initialDocument(props.value));
  const [editor] = useState<RichTextEditor>(() => {
    const created = withRichTextNodes(withTimedHistory(withReact(createEditor())));
    if (focusOnMount) {
      // The caret starts at the end. Set directly, not by `Transforms.select`: a pending operation
      // makes `ReactEditor.focus` retry 10 ms later, and keys pressed meanwhile went to the page body.
      created.children = initial;
      const end = Editor.end(created, []);
      created.selection = { anchor: end, focus: end };
    }
    return created;
  });
  useLayoutEffect(() => {
    // the focus that built the editor moves into it now, before the browser's next task (a key press)
    if (focusOnMount) ReactEditor.focus(editor);
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
