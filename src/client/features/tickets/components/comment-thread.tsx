/**
 * The comments of a ticket on `/Tickets/comments/{id}`, oldest first so the newest is at the
 * bottom: author, time, an "Internal" mark, the body read-only through
 * `RichTextView` (stored text is never inserted as HTML) and the comment's files as
 * authenticated download buttons.
 */
import { formatBytes } from '../../../../shared/attachment';
import type { JsonValue } from '../../../../shared/json';
import { plainTextDocument, type RichTextDocument } from '../../../../shared/rich-text';
import { readCommentDocument } from '../../../../shared/comment-document';
import type { TicketComment } from '../../../../shared/tickets';
import { DownloadButton } from '../../../form-engine/widgets/attachments-widget';
import { storedValueToDocument } from '../../../form-engine/widgets/rich-text/html-import';
import { RichTextView } from '../../../form-engine/widgets/rich-text/rich-text-elements';
import { formatDateTime } from '../../../lib/date-format';

/** A stored comment body as a document: a document array, or an older plain / HTML string. */
function commentDocument(body: JsonValue): RichTextDocument {
  if (!Array.isArray(body)) return storedValueToDocument(body);
  const reading = readCommentDocument(body);
  return reading.ok ? reading.doc : plainTextDocument('');
}

/** One comment (see the module comment). */
export function CommentItem({ comment }: { comment: TicketComment }) {
  const headingId = `comment-${comment.id}-by`;
  return (
    <article aria-labelledby={headingId} className={comment.isInternal ? 'comment comment--internal' : 'comment'}>
      <header id={headingId}>
        <strong>{comment.author.name}</strong> ·{' '}
        <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
        {comment.isInternal ? <span className="comment__internal"> · Internal</span> : null}
      </header>
      <RichTextView id={`comment-${comment.id}-body`} doc={commentDocument(comment.body)} />
      {comment.attachments.length ? (
        <ul className="attachments__list" aria-label="Files">
          {comment.attachments.map((file) => (
            <li key={file.id} className="attachments__item">
              <DownloadButton file={file} />
              <span className="attachments__size">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** The thread: every comment in the order the API gives (oldest first), or a note when there is none. */
export function CommentThread({ comments }: { comments: readonly TicketComment[] }) {
  if (!comments.length) return <p className="note">No comments yet.</p>;
  return (
    <div className="comment-thread">
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
    </div>
  );
}
