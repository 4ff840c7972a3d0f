import type { WidgetProps } from '@rjsf/utils';
import { useRef, useState, type ChangeEvent } from 'react';
import {
  acceptInWords,
  formatBytes,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_SUBMISSION,
  type AttachmentRef,
} from '../../../shared/attachment';
import { countLimitMessage, refusalOfPickedFile, splitByCountLimit } from '../../lib/attachment-check';
import { beginUpload, uploadAttachment } from '../../lib/attachments';
import { StoredAttachments } from './attachment-preview';

export { DownloadButton } from './attachment-preview';

type Pending = { key: number; name: string; size: number; progress: number; error: string | null };

function isRef(value: unknown): value is AttachmentRef {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * File widget (`"ui:widget": "attachments"` on an array of {@link AttachmentRef}): uploads each
 * chosen file to `POST /api/attachments` showing name, size and progress, and stores only the
 * references `{ id, name, size, mediaType }` in the form data (never the bytes). Read-only it
 * shows images as thumbnails that open full size and lists the other files with name, type and
 * size, each name an authenticated download button (attachment-preview.tsx). When files are picked it refuses, with a
 * message, those the server would refuse (src/client/lib/attachment-check.ts): past
 * MAX_ATTACHMENTS_PER_SUBMISSION files in the field (attached plus uploading), larger than
 * MAX_ATTACHMENT_BYTES, or not an accepted type by content; server refusals show the same way.
 * `ui:options.accept` narrows the file picker and the types the field takes (checked when a file is
 * picked and again by the server on submit).
 */
export function AttachmentsWidget(props: WidgetProps) {
  const { id, disabled, readonly, onChange, options } = props;
  const value: unknown = props.value;
  const files: AttachmentRef[] = Array.isArray(value) ? value.filter(isRef) : [];
  const [pending, setPending] = useState<Pending[]>([]);
  const [countNotice, setCountNotice] = useState<string | null>(null);
  // files picked and not refused yet (checking or uploading): counted against the limit at once
  const inFlight = useRef(0);
  const latest = useRef(files);
  latest.current = files;
  const nextKey = useRef(0);
  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  const update = (key: number, change: Partial<Pending>) =>
    setPending((items) => items.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (file: File) => {
    const key = (nextKey.current += 1);
    inFlight.current += 1;
    // held from the pick: a submit during the check below waits for this file (lib/attachments.ts)
    const release = beginUpload();
    setPending((items) => [...items, { key, name: file.name, size: file.size, progress: 0, error: null }]);
    try {
      const refusal = await refusalOfPickedFile(file, accept);
      if (refusal) {
        update(key, { error: refusal });
        return;
      }
      const ref = await uploadAttachment(file, (progress) => update(key, { progress }));
      latest.current = [...latest.current, ref];
      onChange(latest.current);
      setPending((items) => items.filter((item) => item.key !== key));
    } catch (error) {
      update(key, { error: error instanceof Error ? error.message : 'Upload failed' });
    } finally {
      inFlight.current -= 1;
      release();
    }
  };

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const { fit, over } = splitByCountLimit(chosen, latest.current.length + inFlight.current);
    setCountNotice(over.length ? countLimitMessage(over.map((file) => file.name)) : null);
    fit.forEach((file) => void upload(file));
  };

  const remove = (fileId: string) => {
    const rest = files.filter((file) => file.id !== fileId);
    onChange(rest.length ? rest : undefined);
  };

  if (readonly) {
    return (
      <div className="attachments" id={id}>
        <StoredAttachments files={files} />
      </div>
    );
  }

  return (
    <div className="attachments">
      {files.length || pending.length ? (
        <ul className="attachments__list" aria-label="Attached files">
          {files.map((file) => (
            <li key={file.id} className="attachments__item">
              <span className="attachments__name">{file.name}</span>
              <span className="attachments__size">{formatBytes(file.size)}</span>
              {disabled ? null : (
                <button type="button" className="button button--quiet" onClick={() => remove(file.id)}>
                  Remove<span className="visually-hidden"> {file.name}</span>
                </button>
              )}
            </li>
          ))}
          {pending.map((item) => (
            <li key={`pending-${item.key}`} className="attachments__item attachments__item--pending">
              <span className="attachments__name">{item.name}</span>
              <span className="attachments__size">{formatBytes(item.size)}</span>
              {item.error ? (
                <>
                  <span className="attachments__error" role="alert">
                    {item.error}
                  </span>
                  <button
                    type="button"
                    className="button button--quiet"
                    onClick={() => setPending((items) => items.filter((p) => p.key !== item.key))}
                  >
                    Dismiss
                  </button>
                </>
              ) : (
                <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {countNotice ? (
        <p className="attachments__error" role="alert">
          {countNotice}{' '}
          <button type="button" className="button button--quiet" onClick={() => setCountNotice(null)}>
            Dismiss
          </button>
        </p>
      ) : null}
      <input
        id={id}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        onChange={handleChoose}
        aria-describedby={`${id}__help`}
      />
      <p id={`${id}__help`} className="attachments__help">
        Up to {MAX_ATTACHMENTS_PER_SUBMISSION} files, {formatBytes(MAX_ATTACHMENT_BYTES)} each
        {accept ? `; each must be ${acceptInWords(accept)}.` : ': images, PDF, Word, Excel, text or CSV.'}
      </p>
    </div>
  );
}
