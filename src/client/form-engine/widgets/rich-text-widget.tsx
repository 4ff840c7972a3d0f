import type { WidgetProps } from '@rjsf/utils';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { isDocumentEmpty, linesDocument, serialiseRichText } from '../../../shared/rich-text';
import { storedValueToDocument } from './rich-text/html-import';
import { RichTextView } from './rich-text/rich-text-elements';
import { useWidgetModule, type WidgetModules } from './widget-modules';
import './rich-text/rich-text.css';

/**
 * `"ui:widget": "richText"`: a slate editor (rules in src/shared/rich-text.ts) reporting
 * the serialised document as a string, or `undefined` when empty. Read-only forms (detail pages)
 * render the stored value without an editor. Options: `ui:placeholder`. Until the field is first
 * focused (click or Tab) it is a focusable, labelled textbox showing the current value
 * (`data-rich-text="lazy"`); the focus builds the editor, with its toolbar, and moves the focus into
 * it, caret at the end, before the browser runs its next task (no typed character is lost), so
 * mounting a form with several rich-text fields builds no editor. The editor (slate) is a chunk
 * of its own (widget-modules.ts), asked for by an editable form whose UI schema names this widget
 * but not waited for: until it is there the field stays the box it was, and an empty box takes
 * plain text (`contenteditable="plaintext-only"`, each line a paragraph, reported as the field's
 * value as it is typed), which the editor starts from when it arrives, the caret at the end. Both
 * boxes are `aria-invalid` while the field shows errors (rjsf's `rawErrors`), from the render that
 * shows them, whichever box is there.
 */
export function RichTextWidget(props: WidgetProps) {
  const { id, disabled, readonly } = props;
  if (readonly || disabled) return <RichTextReadOnly id={id} value={props.value as unknown} />;
  return <EditableRichText {...props} />;
}

function EditableRichText(props: WidgetProps) {
  const { autofocus } = props;
  const [active, setActive] = useState(Boolean(autofocus));
  const editor = useWidgetModule('richTextEditor');
  if (!active || !editor) return <LazyRichText {...props} active={active} onActivate={() => setActive(true)} />;
  return <RichTextEditorField {...props} Editor={editor.RichTextEditor} focusOnMount={!autofocus} />;
}

function RichTextReadOnly({ id, value }: { id: string; value: unknown }) {
  const doc = useMemo(() => storedValueToDocument(value), [value]);
  return <RichTextView id={id} doc={doc} />;
}

/**
 * The field before its first focus: the value as rendered text, in a box that takes the focus.
 * Focused (`active`) before the editor is in, an empty box becomes `plaintext-only` editable, the
 * caret in it: what is typed until the editor arrives is kept and reported as the field's value.
 * React renders no children into it then, so it never overwrites what the browser's editing put
 * there.
 */
function LazyRichText(props: WidgetProps & { active: boolean; onActivate: () => void }) {
  const { id, placeholder, active, onActivate, onChange } = props;
  const value = props.value as unknown;
  const doc = useMemo(() => storedValueToDocument(value), [value]);
  const [typed, setTyped] = useState(false);
  const isEmpty = isDocumentEmpty(doc);
  const takesText = active && (typed || isEmpty);
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!takesText || !element || document.activeElement !== element) return;
    // the focus came before the box was editable: put the caret in it, after what it holds
    window.getSelection()?.collapse(element, element.childNodes.length);
  }, [takesText]);
  return (
    <div className="rich-text">
      <div
        ref={box}
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
        aria-invalid={props.rawErrors?.length ? true : undefined}
        contentEditable={takesText ? 'plaintext-only' : undefined}
        suppressContentEditableWarning
        data-placeholder={takesText ? placeholder || undefined : undefined}
        onFocus={onActivate}
        onInput={(event) => {
          setTyped(true);
          // a line break the box ends with is no paragraph of its own
          const text = event.currentTarget.innerText.replace(/\n+$/, '');
          onChange(text.trim() ? serialiseRichText(linesDocument(text)) : undefined);
        }}
      >
        {takesText ? null : isEmpty ? (
          <span className="rich-text__placeholder">{placeholder}</span>
        ) : (
          <RichTextView id={`${id}__preview`} doc={doc} />
        )}
      </div>
    </div>
  );
}

type EditorComponent = WidgetModules['richTextEditor']['RichTextEditor'];

function RichTextEditorField(props: WidgetProps & { Editor: EditorComponent; focusOnMount: boolean }) {
  const { id, autofocus, placeholder, onChange, onBlur, onFocus, focusOnMount, Editor } = props;
  // slate reads `initialValue` once, on mount; later values come from the editor itself
  const [initial] = useState(() => storedValueToDocument(props.value));
  return (
    <Editor
      id={id}
      initialDoc={initial}
      onChange={(doc) => onChange(serialiseRichText(doc))}
      label={props.label}
      placeholder={placeholder}
      autoFocus={autofocus}
      focusOnMount={focusOnMount}
      isRequired={props.required}
      isInvalid={Boolean(props.rawErrors?.length)}
      describedBy={`${id}__description ${id}__error ${id}__help`}
      onBlur={() => onBlur(id, props.value)}
      onFocus={() => onFocus(id, props.value)}
    />
  );
}
