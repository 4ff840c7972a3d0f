/**
 * History entries as sentences (docs/behaviour.md "History"; src/shared/history-sentence.ts): who,
 * when (`<time datetime>`: how long ago for the last day, else date and time; the full moment as
 * its tooltip), the sentence, the recorded comment quoted and the entry's further changes as a
 * short list. Text only: a comment or a rich-text value reaches the page as plain text, never as
 * HTML. Used by `/Changes` (grouped by day under headings, each entry naming its ticket) and by a
 * ticket's History tab.
 */
import { Link } from 'react-router';
import { lightFormat } from 'date-fns';
import { formatDate, formatDateTime } from '../../../../shared/display-dates';
import { describeChange } from '../../../../shared/history-sentence';
import { relativeTime } from '../../../../shared/history-text';
import type { ChangeEntry } from '../../../../shared/tickets';
import { areaDetailPath } from '../../../config/paths';

/** One entry (see the module comment); `showTicket` adds a link to the entry's ticket. */
export function HistoryItem({ entry, now, showTicket }: { entry: ChangeEntry; now: number; showTicket: boolean }) {
  const sentence = describeChange(entry);
  const when = relativeTime(entry.at, now) ?? formatDateTime(entry.at);
  return (
    <li className="history__entry">
      <p className="history__sentence">
        <strong>{sentence.actor}</strong> {sentence.text}
        {sentence.quote ? ':' : ''}
      </p>
      {sentence.quote ? (
        <blockquote className="history__quote">
          <p>{sentence.quote}</p>
        </blockquote>
      ) : null}
      {sentence.details.length ? (
        <ul className="history__details">
          {sentence.details.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="history__meta">
        <time dateTime={entry.at} title={formatDateTime(entry.at)}>
          {when}
        </time>
        {showTicket && entry.ticket ? (
          <>
            {' · '}
            <Link to={areaDetailPath({ area: entry.ticket.area }, entry.entityId)}>{entry.ticket.number}</Link>
          </>
        ) : null}
      </p>
    </li>
  );
}

/** The local calendar day of an ISO moment, `2026-11-26`, for grouping (no Intl: see shared/display-dates.ts). */
function dayOf(iso: string): string {
  return lightFormat(new Date(iso), 'yyyy-MM-dd');
}

/** A day heading: "Today", "Yesterday", else `Nov 24, 2026`. */
function dayTitle(day: string, now: number): string {
  if (day === dayOf(new Date(now).toISOString())) return 'Today';
  if (day === dayOf(new Date(now - 86_400_000).toISOString())) return 'Yesterday';
  return formatDate(day);
}

type Props = {
  entries: readonly ChangeEntry[];
  /** The list's accessible name when not grouped ("History"). */
  label: string;
  /** Group the entries by day under headings of this level, else one list. */
  headingLevel?: 2 | 3;
  /** Link each entry to its ticket (the list spans tickets). */
  showTicket?: boolean;
  /** Now, ms since the epoch (for "5 minutes ago"); default the time of rendering. */
  now?: number;
};

/** The entries newest first (as the API gives them), one list or a list per day (see {@link Props}). */
export function HistoryList({ entries, label, headingLevel, showTicket = false, now = Date.now() }: Props) {
  if (!headingLevel) {
    return (
      <ol className="history" aria-label={label}>
        {entries.map((entry) => (
          <HistoryItem key={entry.id} entry={entry} now={now} showTicket={showTicket} />
        ))}
      </ol>
    );
  }
  const days: Array<{ day: string; entries: ChangeEntry[] }> = [];
  for (const entry of entries) {
    const day = dayOf(entry.at);
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="history-days">
      {days.map(({ day, entries: ofDay }) => (
        <section key={day} aria-labelledby={`history-day-${day}`}>
          <Heading id={`history-day-${day}`} className="history__day">
            {dayTitle(day, now)}
          </Heading>
          <ol className="history" aria-labelledby={`history-day-${day}`}>
            {ofDay.map((entry) => (
              <HistoryItem key={entry.id} entry={entry} now={now} showTicket={showTicket} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
