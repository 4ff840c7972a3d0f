/**
 * The slate rich-text editor with its toolbar (rules in src/shared/rich-text.ts), shared by
 * the form widget (`"ui:widget": "richText"`) and the ticket comment composer. Uncontrolled: slate
 * reads `initialDoc` once on mount (remount with a new `key` to start over) and reports every
 * change of the document through `onChange`.
 */
import { useLayoutEffect, useState, type KeyboardEvent } from 'react';
import { createEditor, Editor } from 'slate';
import { Editable, ReactEditor, Slate, withReact, type RenderElementProps, type RenderLeafProps } from 'slate-react';
import type { RichTextDocument, RichTextMark } from '../../../../shared/rich-text';
import { toggleMark, withRichTextNodes } from './commands';
import { RichTextElementView, RichTextLeafView } from './rich-text-elements';
import { RichTextToolbar } from './rich-text-toolbar';
import type { RichTextEditor as SlateRichTextEditor } from './slate-types';
import { withTimedHistory } from './timed-history';
import './rich-text.css';

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

export type RichTextEditorProps = {
  /** The editable's id (the toolbar's controls refer to it). */
  id: string;
  initialDoc: RichTextDocument;
  onChange: (doc: RichTextDocument) => void;
  label?: string;
  placeholder?: string;
  autoFocus?: boolean;
  /**
   * Take the focus as soon as the editor is built, caret at the end, before the browser runs its
   * next task (the form widget builds the editor on the first focus of its placeholder box, and a
   * key pressed right after that focus must land in the editor).
   */
  focusOnMount?: boolean;
  isRequired?: boolean;
  /** The field shows an error (`aria-invalid="true"`, set in the same render as the error). */
  isInvalid?: boolean;
  /** Space-separated ids of the describing elements (`aria-describedby`). */
  describedBy?: string;
  onBlur?: () => void;
  onFocus?: () => void;
};

/** See the module comment. Ctrl/Cmd+B, I, U toggle bold, italic, underline. */
export function RichTextEditor(props: RichTextEditorProps) {
  const { id, initialDoc, onChange, focusOnMount = false } = props;
  const [editor] = useState<SlateRichTextEditor>(() => {
    const created = withRichTextNodes(withTimedHistory(withReact(createEditor())));
    if (focusOnMount) {
      // The caret starts at the end. Set directly, not by `Transforms.select`: a pending operation
      // makes `ReactEditor.focus` retry 10 ms later, and keys pressed meanwhile went to the page body.
      created.children = initialDoc;
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
      <Slate editor={editor} initialValue={initialDoc} onValueChange={(doc) => onChange(doc as RichTextDocument)}>
        <RichTextToolbar fieldId={id} />
        <Editable
          id={id}
          className="rich-text__editable form-control"
          role="textbox"
          aria-multiline
          aria-label={props.label || undefined}
          aria-describedby={props.describedBy}
          aria-required={props.isRequired || undefined}
          aria-invalid={props.isInvalid || undefined}
          autoFocus={props.autoFocus}
          placeholder={props.placeholder}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={onKeyDown}
          onBlur={props.onBlur}
          onFocus={props.onFocus}
        />
      </Slate>
    </div>
  );
}
