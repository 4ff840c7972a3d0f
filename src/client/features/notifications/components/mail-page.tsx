import { useEffect, useState } from 'react';
import type { MailMessage, MailSummary } from '../../../../shared/notifications';
import { LoadError, Loading } from '../../../components/status-message';
import { useDocumentTitle } from '../../../lib/document-title';
import { toApiFailure } from '../../../lib/http';
import { fetchMail, fetchMailMessage } from '../api';
import { Button } from '../../../components/ui';
import { formatDateTime } from '../../../lib/date-format';

function statusOf(mail: MailSummary): string {
  if (mail.sentAt) return `Sent ${formatDateTime(mail.sentAt)}`;
  if (mail.lastError) return `Not sent (${mail.attempts} attempts): ${mail.lastError}`;
  return 'In the outbox';
}

/**
 * `/Mail` (administrators): the built-in mail catcher — the notification e-mail of the outbox,
 * newest first; open one to read it as sent (plain text). Without SMTP_URL nothing leaves the
 * outbox and this is where the mail is read.
 */
export function MailPage() {
  useDocumentTitle('Mail');
  const [attempt, setAttempt] = useState(0);
  const [items, setItems] = useState<MailSummary[] | null>(null);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [open, setOpen] = useState<MailMessage | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setError(null);
    fetchMail(null, controller.signal).then(
      (page) => {
        setItems(page.items);
        setNextCursor(page.nextCursor);
      },
      (reason: unknown) => {
        if (!controller.signal.aborted) setError(reason);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const older = async () => {
    try {
      const page = await fetchMail(nextCursor);
      setItems((previous) => [...(previous ?? []), ...page.items]);
      setNextCursor(page.nextCursor);
    } catch (reason) {
      setProblem(toApiFailure(reason).message);
    }
  };

  const show = async (id: string) => {
    setProblem(null);
    try {
      setOpen(await fetchMailMessage(id));
    } catch (reason) {
      setProblem(toApiFailure(reason).message);
    }
  };

  return (
    <>
      <div className="page-header">
        <h1>Mail</h1>
      </div>
      <p>The notification e-mail the portal sends, newest first.</p>
      {problem && (
        <p className="alert" role="alert">
          {problem}
        </p>
      )}
      {error !== null && <LoadError error={error} onRetry={() => setAttempt((n) => n + 1)} what="The mail" />}
      {error === null && !items && <Loading label="Loading mail…" />}
      {open && (
        <article className="mail-message" aria-labelledby="mail-subject">
          <h2 id="mail-subject">{open.subject}</h2>
          <dl>
            <dt>From</dt>
            <dd>{open.from ?? '(MAIL_FROM not set)'}</dd>
            <dt>To</dt>
            <dd>{open.to}</dd>
            <dt>Status</dt>
            <dd>{statusOf(open)}</dd>
          </dl>
          <pre className="mail-message__text">{open.text}</pre>
          <Button type="button" onClick={() => setOpen(null)}>
            Close message
          </Button>
        </article>
      )}
      {items && items.length === 0 && <p>No mail yet.</p>}
      {items && items.length > 0 && (
        <table className="data-table">
          <caption className="visually-hidden">Mail, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Subject</th>
              <th scope="col">To</th>
              <th scope="col">Created</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {items.map((mail) => (
              <tr key={mail.id}>
                <td>
                  <button type="button" className="mail-link" onClick={() => void show(mail.id)}>
                    {mail.subject}
                  </button>
                </td>
                <td>{mail.to}</td>
                <td>{formatDateTime(mail.createdAt)}</td>
                <td>{statusOf(mail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextCursor && (
        <Button type="button" onClick={() => void older()}>
          Older
        </Button>
      )}
    </>
  );
}
