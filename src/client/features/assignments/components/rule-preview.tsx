import { Link } from 'react-router';
import type { AssignmentPreview } from '../../../../shared/assignment';
import { areaDetailPath } from '../../../config/paths';
import { formatDateTime } from '../../../lib/date-format';

/**
 * "Test this rule" result: how many of the area's most recent submissions the rule matches, and
 * which (number, summary, property, status, created). Top-level areas link to the submission.
 */
export function RulePreview({ preview, isNested }: { preview: AssignmentPreview; isNested: boolean }) {
  const { examined, matches } = preview;
  return (
    <section className="rule-preview" aria-label="Rule test result" aria-live="polite">
      <p>
        <strong>
          Matches {matches.length} of the {examined} most recent submission{examined === 1 ? '' : 's'}.
        </strong>
      </p>
      {matches.length ? (
        <ul className="rule-preview__list">
          {matches.map((match) => (
            <li key={match.id}>
              {isNested ? (
                match.number
              ) : (
                <Link to={areaDetailPath({ area: match.area }, match.id)}>{match.number}</Link>
              )}
              {match.summary ? ` — ${match.summary}` : ''}
              {match.property ? ` · ${match.property}` : ''} · {match.status} ·{' '}
              <time dateTime={match.createdAt}>{formatDateTime(match.createdAt)}</time>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
