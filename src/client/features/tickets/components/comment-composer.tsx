/**
 * The comment composer of the ticket view (rich-text comments with attachments): the
 * slate rich-text editor with the forms' toolbar, a file picker uploading each file at once with
 * progress (`uploadAttachment`), an "Internal" checkbox for handlers only and a Post button. A
 * refusal shows the server's message (and its field errors) and keeps the draft; the
 * Idempotency-Key is renewed only after a comment was stored.
 *
 * The editor is built when the comment box first takes the focus (click or Tab), not with the
 * page: until then the box is a plain text area, so opening a ticket mounts no slate editor (a
 * slow phone spent tens of milliseconds on it before the page answered). The editor's chunk
 * (widget-modules.ts) loads once `loadEditor` says the page has what it shows first (the ticket
 * page: its form and comments are shown), so it does not share the network with them, or on the
 * box's first focus, whichever comes first; text typed before it is there stays in the text area
 * and goes into the editor, caret at the end, when it is built.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import type { ValidationErrorBody } from '../../../../shared/api-error';
import { formatBytes, MAX_ATTACHMENT_BYTES, type AttachmentRef } from '../../../../shared/attachment';
import {
  isDocumentEmpty,
  linesDocument,
  plainTextDocument,
  toPlainText,
  type RichTextDocument,
} from '../../../../shared/rich-text';
import { MAX_ATTACHMENTS_PER_COMMENT } from '../../../../shared/tickets';
import { useWidgetModule } from '../../../form-engine/widgets/widget-modules';
import { uploadAttachment } from '../../../lib/attachments';
import { toApiFailure } from '../../../lib/http';
import { createIdempotencyKey } from '../../../lib/idempotency-key';
import { postComment } from '../api';
import { Button, Checkbox } from '../../../components/ui';

type PendingUpload = { key: number; name: string; size: number; progress: number; error: string | null };

function failureText(error: unknown): string {
  const failure = toApiFailure(error);
  const errors = (failure.body as Partial<ValidationErrorBody> | null)?.errors ?? [];
  return [failure.message, ...errors.map((e) => `${e.path || 'comment'}: ${e.message}`)].join(' ');
}

export type CommentComposerProps = {
  ticketId: string;
  canCommentInternal: boolean;
  /** Called after a comment was stored (reload the thread and the ticket). */
  onPosted: () => void;
  /** Load the editor's chunk now (see the module comment); it loads on the box's first focus anyway. */
  loadEditor?: boolean;
};

/** See the module comment. */
export function CommentComposer({ ticketId, canCommentInternal, onPosted, loadEditor = true }: CommentComposerProps) {
  const [doc, setDoc] = useState<RichTextDocument>(() => plainTextDocument(''));
  // the plain text area until the box first takes the focus and the editor's chunk is there
  const [isEditing, setEditing] = useState(false);
  const editorModule = useWidgetModule('richTextEditor', loadEditor || isEditing);
  const [files, setFiles] = useState<AttachmentRef[]>([]);
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [isInternal, setIsInternal] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const idempotencyKey = useRef(createIdempotencyKey());
  const nextUpload = useRef(0);
  const updatePending = (key: number, change: Partial<PendingUpload>) =>
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (file: File) => {
    const key = (nextUpload.current += 1);
    setPending((items) => [...items, { key, name: file.name, size: file.size, progress: 0, error: null }]);
    if (file.size > MAX_ATTACHMENT_BYTES) {
      updatePending(key, { error: `Larger than ${formatBytes(MAX_ATTACHMENT_BYTES)}` });
      return;
    }
    try {
      const ref = await uploadAttachment(file, (progress) => updatePending(key, { progress }));
      setFiles((current) => [...current, ref]);
      setPending((items) => items.filter((item) => item.key !== key));
    } catch (failure) {
      updatePending(key, { error: failure instanceof Error ? failure.message : 'Upload failed' });
    }
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    chosen.forEach((file) => void upload(file));
  };

  const isUploading = pending.some((item) => item.error === null);
  const isEmpty = isDocumentEmpty(doc) && !files.length;

  const send = async () => {
    setIsSending(true);
    setError(null);
    try {
      await postComment(
        ticketId,
        { body: doc, isInternal: canCommentInternal && isInternal, attachmentIds: files.map((file) => file.id) },
        idempotencyKey.current,
      );
      idempotencyKey.current = createIdempotencyKey();
      setDoc(plainTextDocument(''));
      setEditing(false);
      setFiles([]);
      setPending([]);
      setIsInternal(false);
      onPosted();
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form
      className="comment-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      {isEditing && editorModule ? (
        <editorModule.RichTextEditor
          id="new-comment"
          label="New comment"
          initialDoc={doc}
          onChange={setDoc}
          focusOnMount
        />
      ) : (
        <textarea
          id="new-comment"
          className="comment-composer__plain"
          aria-label="New comment"
          rows={3}
          value={toPlainText(doc)}
          onChange={(event) => setDoc(linesDocument(event.target.value))}
          onFocus={() => setEditing(true)}
          // focus that left before the editor's chunk arrived: the editor must not take it back
          onBlur={() => {
            if (!editorModule) setEditing(false);
          }}
        />
      )}
      {files.length || pending.length ? (
        <ul className="attachments__list" aria-label="Files to attach">
          {files.map((file) => (
            <li key={file.id} className="attachments__item">
              <span className="attachments__name">{file.name}</span>
              <span className="attachments__size">{formatBytes(file.size)}</span>
              <Button
                type="button"
                variant="quiet"
                onClick={() => setFiles((current) => current.filter((f) => f.id !== file.id))}
              >
                Remove<span className="visually-hidden"> {file.name}</span>
              </Button>
            </li>
          ))}
          {pending.map((item) => (
            <li key={`pending-${item.key}`} className="attachments__item attachments__item--pending">
              <span className="attachments__name">{item.name}</span>
              <span className="attachments__size">{formatBytes(item.size)}</span>
              {item.error ? (
                <span className="attachments__error" role="alert">
                  {item.error}
                </span>
              ) : (
                <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <label className="comment-composer__files">
        Attach files
        <input type="file" multiple onChange={choose} disabled={files.length >= MAX_ATTACHMENTS_PER_COMMENT} />
      </label>
      {canCommentInternal && (
        <Checkbox
          label="Internal (handlers only)"
          checked={isInternal}
          onChange={(event) => setIsInternal(event.target.checked)}
        />
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={isEmpty || isUploading || isSending}>
        Post comment
      </Button>
    </form>
  );
}
