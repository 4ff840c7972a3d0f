/**
 * Stored files shown read-only: images as thumbnails, other files listed with name, type and size.
 * Every file is fetched with the Bearer token (src/client/lib/attachments.ts), never by a bare
 * address: the download route answers 404 without it.
 */
import { useEffect, useState } from 'react';
import { formatBytes, type AttachmentRef } from '../../../shared/attachment';
import { downloadAttachment } from '../../lib/attachments';
import { api } from '../../lib/http';
import { ImageDisplay } from './image-display';

/** Short names of the accepted media types, for file lists ("PDF", "PNG image"…). */
const TYPE_NAMES: Readonly<Record<string, string>> = {
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'image/bmp': 'BMP image',
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel workbook',
  'text/plain': 'Text',
  'text/csv': 'CSV',
};

/** The media type in words for a file list: `PDF`, `PNG image`, or the type itself. */
export function attachmentTypeName(mediaType: string): string {
  return TYPE_NAMES[mediaType] ?? mediaType;
}

/** True for files shown as thumbnails (images the browser draws: every accepted `image/*`). */
export function isImageAttachment(file: AttachmentRef): boolean {
  return file.mediaType.startsWith('image/');
}

/**
 * The file's bytes as an object URL (`blob:`), fetched with the Bearer token (an `<img src>` to
 * `/api/attachments/{id}` could not send it): null while fetching, '' when the download failed.
 * The URL is revoked when the component unmounts or the file changes.
 */
function useAttachmentUrl(id: string): string | null {
  const [loaded, setLoaded] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let url = '';
    api
      .get(`attachments/${encodeURIComponent(id)}`, { signal: controller.signal })
      .blob()
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ id, url });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ id, url: '' });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return loaded?.id === id ? loaded.url : null;
}

/**
 * An image attachment as a 120 px thumbnail (ImageDisplay: spinner, fade-in, 'No image found!'),
 * a link that opens it full size in a new tab, and its name and size below.
 */
export function AttachmentThumbnail({ file }: { file: AttachmentRef }) {
  const url = useAttachmentUrl(file.id);
  return (
    <figure className="attachment-thumbnail">
      {url ? (
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className="attachment-thumbnail__link"
          title={`Open ${file.name} full size`}
        >
          <ImageDisplay src={url} alt={file.name} />
          <span className="visually-hidden"> (opens full size in a new tab)</span>
        </a>
      ) : (
        <ImageDisplay src={url} alt={file.name} />
      )}
      <figcaption className="attachment-thumbnail__caption">
        <DownloadButton file={file} />
        <span className="attachments__size">{formatBytes(file.size)}</span>
      </figcaption>
    </figure>
  );
}

/** One file as an authenticated download button named after it ("Download failed" on an error). */
export function DownloadButton({ file }: { file: AttachmentRef }) {
  const [failed, setFailed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          setFailed(false);
          downloadAttachment(file).catch(() => setFailed(true));
        }}
      >
        {file.name}
      </button>
      {failed ? <span className="attachments__error"> Download failed</span> : null}
    </>
  );
}

/**
 * A field's stored files: images (`image/*`) as {@link AttachmentThumbnail}s in a row that wraps,
 * then the other files as a list of download buttons with type and size; "No files" when empty.
 */
export function StoredAttachments({ files }: { files: readonly AttachmentRef[] }) {
  if (!files.length) return <p className="attachments__empty">No files</p>;
  const images = files.filter(isImageAttachment);
  const others = files.filter((file) => !isImageAttachment(file));
  return (
    <>
      {images.length ? (
        <ul className="attachment-thumbnails" aria-label="Images">
          {images.map((file) => (
            <li key={file.id}>
              <AttachmentThumbnail file={file} />
            </li>
          ))}
        </ul>
      ) : null}
      {others.length ? (
        <ul className="attachments__list" aria-label="Attached files">
          {others.map((file) => (
            <li key={file.id} className="attachments__item">
              <DownloadButton file={file} />
              <span className="attachments__type">{attachmentTypeName(file.mediaType)}</span>
              <span className="attachments__size">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
