/**
 * The e-mail of one notification (docs/behaviour.md "Notifications"): the subject is the
 * notification's title; the plain-text and HTML bodies carry its text and a link to the ticket on
 * PUBLIC_URL. Every value is escaped in the HTML body; nothing but what the notification itself
 * shows goes into a mail (no internal comment reaches a requester, as none notifies one).
 */
import { escapeHtml } from '../../lib/html';

/** A rendered e-mail. */
export type RenderedMail = { subject: string; text: string; html: string };

/**
 * The web app's stable link to a ticket (src/client/config/paths.ts `ticketViewPath`), which the
 * web app replaces with the ticket's page at `/{Area}/{id}` (or its child-area path): a mail needs
 * only the ticket's id, not its area or parent.
 */
export function ticketLink(publicUrl: string, ticketId: string): string {
  return `${publicUrl}/Tickets/comments/${encodeURIComponent(ticketId)}`;
}

/** Renders the mail for `recipientName` of a notification with `title` and `text`, linking to `link` (absolute URL) when given. */
export function renderMail(input: {
  recipientName: string;
  title: string;
  text: string;
  link: string | null;
}): RenderedMail {
  const { recipientName, title, text, link } = input;
  const lines = [`Hello ${recipientName},`, '', title, ...(text ? ['', text] : [])];
  if (link) lines.push('', `Open the ticket: ${link}`);
  lines.push('', '—', 'TM online portal. You can switch these e-mails off under Settings.');
  const paragraphs = text
    .split(/\n+/)
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<p>Hello ${escapeHtml(recipientName)},</p>`,
    `<p><strong>${escapeHtml(title)}</strong></p>`,
    paragraphs,
    link ? `<p><a href="${escapeHtml(link)}">Open the ticket</a></p>` : '',
    '<p style="color:#555">TM online portal. You can switch these e-mails off under Settings.</p>',
    '</body></html>',
  ].join('');
  return { subject: title, text: `${lines.join('\n')}\n`, html };
}
