import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Editor, Transforms, type BaseRange } from 'slate';
import { ReactEditor, useSlate } from 'slate-react';
import type { RichTextEditor } from './slate-types';
import {
  HEADING_LEVEL_MAX,
  IMAGE_MEDIA_TYPES,
  isInsertableImageType,
  looksLikeEmail,
  type RichTextMark,
} from '../../../../shared/rich-text';
import {
  activeLinkUrl,
  changeIndent,
  headingLevel,
  insertImage,
  insertLink,
  isListActive,
  isMarkActive,
  removeLink,
  setHeading,
  toggleList,
  toggleMark,
  updateLink,
  type ListType,
} from './commands';
import { ICONS, type IconName } from './toolbar-icons';
import { lazyComponent } from '../../../lib/lazy-component';

// Loaded when a link or image address is first asked for: form pages stay within their budget.
// It opens the moment its chunk is in (lib/lazy-component.ts: no <Suspense>, whose reveal waits 300 ms).
const { Component: AddressDialog } = lazyComponent(() => import('./address-dialog'), 'AddressDialog');

const MARKS: readonly [RichTextMark, string, ReactNode][] = [
  ['bold', 'Bold (Ctrl+B)', <strong key="b">B</strong>],
  ['italic', 'Italic (Ctrl+I)', <em key="i">I</em>],
  ['underline', 'Underline (Ctrl+U)', <u key="u">U</u>],
  ['strikethrough', 'Strikethrough', <s key="s">S</s>],
];
// The other buttons show an SVG icon (hidden from assistive technology) and say their label as a
// tooltip (`title`) which is also their accessible name, so name and visible label agree
// (WCAG 2.2 SC 2.5.3 "Label in Name").
const LISTS: readonly [ListType, string, IconName][] = [
  ['bulleted-list', 'Bulleted list', 'bulletedList'],
  ['numbered-list', 'Numbered list', 'numberedList'],
];

type ButtonProps = {
  label: string;
  pressed?: boolean;
  opensDialog?: boolean;
  onAct: () => void;
  children: ReactNode;
};

/** One of the toolbar's icons ({@link ICONS}), 18 px, drawn in the text colour. */
function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="rich-text__icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {ICONS[name].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

type OpenDialog = { kind: 'link' | 'image'; selection: BaseRange | null; address: string; isEditing: boolean };

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
function ToolButton({ label, pressed, opensDialog, onAct, children }: ButtonProps) {
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
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      onMouseDown={act}
      onClick={(e) => e.detail === 0 && act(e)}
    >
      {children}
    </button>
  );
}

/**
 * The editor's toolbar: marks, header level 1–6, lists, indent 1–8, links (address asked for in
 * {@link AddressDialog}, checked by scheme; in a link the same button edits or removes it), images
 * by address (the same dialog) or from a png/gif/jpeg/bmp/x-icon file, undo, redo.
 */
export function RichTextToolbar({ fieldId }: { fieldId: string }) {
  const editor = useSlate();
  const fileInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState('');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const linkUrl = activeLinkUrl(editor);
  const openLinkDialog = () => {
    // read again: the button has just taken the browser's selection into the editor
    const current = activeLinkUrl(editor);
    const selected = editor.selection ? Editor.string(editor, editor.selection) : '';
    const address = current ?? (looksLikeEmail(selected) ? `mailto:${selected.trim()}` : '');
    setDialog({ kind: 'link', selection: editor.selection, address, isEditing: current !== undefined });
  };
  /** Puts the selection back where it was when the dialog opened, then acts on it. */
  const atSavedSelection = (act: () => void) => {
    if (dialog?.selection) Transforms.select(editor, dialog.selection);
    act();
  };
  const closeDialog = () => {
    setDialog(null);
    ReactEditor.focus(editor);
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
          <Icon name={icon} />
        </ToolButton>
      ))}
      <ToolButton label="Decrease indent" onAct={() => changeIndent(editor, -1)}>
        <Icon name="outdent" />
      </ToolButton>
      <ToolButton label="Increase indent" onAct={() => changeIndent(editor, 1)}>
        <Icon name="indent" />
      </ToolButton>
      <ToolButton label={linkUrl === undefined ? 'Link' : 'Edit link'} opensDialog onAct={openLinkDialog}>
        <Icon name="link" />
      </ToolButton>
      <ToolButton
        label="Image from address"
        opensDialog
        onAct={() => setDialog({ kind: 'image', selection: editor.selection, address: '', isEditing: false })}
      >
        <Icon name="image" />
      </ToolButton>
      <ToolButton label="Image from file" onAct={() => fileInput.current?.click()}>
        <Icon name="imageFile" />
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
        <Icon name="undo" />
      </ToolButton>
      <ToolButton label="Redo (Ctrl+Y)" onAct={() => editor.redo()}>
        <Icon name="redo" />
      </ToolButton>
      {problem && (
        <span role="alert" className="rich-text__problem">
          {problem}
        </span>
      )}
      {dialog?.kind === 'link' && (
        <AddressDialog
          title={dialog.isEditing ? 'Edit link' : 'Insert link'}
          hint="http, https, mailto or tel; an e-mail address becomes a mailto: link."
          initialAddress={dialog.address}
          isEditing={dialog.isEditing}
          onSubmit={(address) =>
            atSavedSelection(() => (dialog.isEditing ? updateLink(editor, address) : insertLink(editor, address)))
          }
          onRemove={() => atSavedSelection(() => removeLink(editor))}
          onClose={closeDialog}
        />
      )}
      {dialog?.kind === 'image' && (
        <AddressDialog
          title="Insert image"
          hint="http or https."
          initialAddress=""
          onSubmit={(address) => atSavedSelection(() => insertImage(editor, address))}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
