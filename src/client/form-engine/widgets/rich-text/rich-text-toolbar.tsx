import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Transforms } from 'slate';
import { ReactEditor, useSlate } from 'slate-react';
import type { RichTextEditor } from './slate-types';
import {
  HEADING_LEVEL_MAX,
  IMAGE_MEDIA_TYPES,
  isInsertableImageType,
  type RichTextMark,
} from '../../../../shared/rich-text';
import {
  changeIndent,
  headingLevel,
  insertImage,
  insertLink,
  isLinkActive,
  isListActive,
  isMarkActive,
  removeLink,
  setHeading,
  toggleList,
  toggleMark,
  type ListType,
} from './commands';

const MARKS: readonly [RichTextMark, string, ReactNode][] = [
  ['bold', 'Bold (Ctrl+B)', <strong key="b">B</strong>],
  ['italic', 'Italic (Ctrl+I)', <em key="i">I</em>],
  ['underline', 'Underline (Ctrl+U)', <u key="u">U</u>],
  ['strikethrough', 'Strikethrough', <s key="s">S</s>],
];
// The list glyphs are icons (hidden from assistive technology), so the buttons' names need not
// start with them (WCAG 2.2 SC 2.5.3 "Label in Name" concerns text labels).
const LISTS: readonly [ListType, string, ReactNode][] = [
  ['bulleted-list', 'Bulleted list', <span key="ul" aria-hidden="true">•</span>],
  ['numbered-list', 'Numbered list', <span key="ol" aria-hidden="true">1.</span>],
];

type ButtonProps = { label: string; pressed?: boolean; onAct: () => void; children: ReactNode };

/**
 * Takes the browser's selection into the editor when it lies inside it: slate-react reads DOM
 * selection changes throttled, so a selection made by Shift+arrows just before a toolbar click
 * could still be the older one (the e2e link test caught a collapsed selection on a busy machine).
 */
function syncSelectionFromDom(editor: RichTextEditor): void {
  const selection = window.getSelection();
  if (!selection?.anchorNode || !ReactEditor.hasDOMNode(editor, selection.anchorNode, { editable: true })) return;
  const range = ReactEditor.toSlateRange(editor, selection, { exactMatch: false, suppressThrow: true });
  if (range) Transforms.select(editor, range);
}

/** A toolbar button that keeps the editor's selection (acts on mouse down, not on blur-then-click). */
function ToolButton({ label, pressed, onAct, children }: ButtonProps) {
  const editor = useSlate();
  const act = (event: MouseEvent) => {
    event.preventDefault();
    syncSelectionFromDom(editor);
    onAct();
  };
  return (
    <button
      type="button"
      className="rich-text__tool"
      title={label}
      aria-label={label}
      aria-pressed={pressed}
      onMouseDown={act}
      onClick={(e) => e.detail === 0 && act(e)}
    >
      {children}
    </button>
  );
}

/**
 * The editor's toolbar: marks, header level 1–6, lists, indent 1–8, links (address
 * asked for; checked by scheme), images by address or from a png/gif/jpeg/bmp/x-icon file, undo, redo.
 */
export function RichTextToolbar({ fieldId }: { fieldId: string }) {
  const editor = useSlate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const addLink = () => {
    if (isLinkActive(editor)) return removeLink(editor);
    const entered = window.prompt('Link address (http, https, mailto or tel):', '');
    if (entered !== null) insertLink(editor, entered);
  };
  const addImageByAddress = () => {
    const entered = window.prompt('Image address (http or https):', '');
    if (entered) insertImage(editor, entered);
  };
  const addImageFile = (file: File | undefined) => {
    if (!file) return;
    if (!isInsertableImageType(file.type)) {
      setProblem(`"${file.name}" is not a PNG, GIF, JPEG, BMP or icon image.`);
      return;
    }
    setProblem('');
    const reader = new FileReader();
    reader.onload = () => typeof reader.result === 'string' && insertImage(editor, reader.result, file.name);
    reader.readAsDataURL(file);
  };
  return (
    <div className="rich-text__toolbar" role="toolbar" aria-label="Formatting" aria-controls={fieldId}>
      {MARKS.map(([mark, label, icon]) => (
        <ToolButton
          key={mark}
          label={label}
          pressed={isMarkActive(editor, mark)}
          onAct={() => toggleMark(editor, mark)}
        >
          {icon}
        </ToolButton>
      ))}
      <select
        className="rich-text__heading"
        aria-label="Text style"
        value={headingLevel(editor)}
        onChange={(event) => setHeading(editor, Number(event.target.value))}
      >
        <option value={0}>Normal</option>
        {Array.from({ length: HEADING_LEVEL_MAX }, (_, i) => (
          <option key={i + 1} value={i + 1}>{`Heading ${i + 1}`}</option>
        ))}
      </select>
      {LISTS.map(([type, label, icon]) => (
        <ToolButton
          key={type}
          label={label}
          pressed={isListActive(editor, type)}
          onAct={() => toggleList(editor, type)}
        >
          {icon}
        </ToolButton>
      ))}
      <ToolButton label="Decrease indent" onAct={() => changeIndent(editor, -1)}>
        ⇤
      </ToolButton>
      <ToolButton label="Increase indent" onAct={() => changeIndent(editor, 1)}>
        ⇥
      </ToolButton>
      <ToolButton label={isLinkActive(editor) ? 'Remove link' : 'Link'} pressed={isLinkActive(editor)} onAct={addLink}>
        🔗
      </ToolButton>
      <ToolButton label="Image from address" onAct={addImageByAddress}>
        🖼
      </ToolButton>
      <ToolButton label="Image from file" onAct={() => fileInput.current?.click()}>
        📎
      </ToolButton>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={IMAGE_MEDIA_TYPES.join(',')}
        onChange={(event) => {
          addImageFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <ToolButton label="Undo (Ctrl+Z)" onAct={() => editor.undo()}>
        ↶
      </ToolButton>
      <ToolButton label="Redo (Ctrl+Y)" onAct={() => editor.redo()}>
        ↷
      </ToolButton>
      {problem && (
        <span role="alert" className="rich-text__problem">
          {problem}
        </span>
      )}
    </div>
  );
}
