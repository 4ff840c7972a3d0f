/**
 * The report of a bulk change (docs/behaviour.md "Bulk changes"): how many tickets were updated,
 * then one line per ticket that was not, with the reason in words.
 */
import type { BulkOutcome, BulkTicketResult } from '../../../../shared/tickets';
import { Button, X } from '../../../components/ui';

/** Each outcome in words, for the summary line and the per-ticket list. */
export const OUTCOME_TEXT: Record<BulkOutcome, string> = {
  updated: 'updated',
  stale: 'changed by someone else since the list was loaded',
  conflict: 'not allowed by the workflow',
  forbidden: 'you may not make this change',
  not_found: 'no longer visible to you',
};

/** `3 updated, 1 not changed` — the sentence announced and shown above the list. */
export function bulkSummary(results: readonly BulkTicketResult[]): string {
  const updated = results.filter((r) => r.outcome === 'updated').length;
  const failed = results.length - updated;
  return failed ? `${updated} updated, ${failed} not changed` : `${updated} updated`;
}

/** The report: summary, the tickets updated, the tickets refused with their reasons; `onClose` dismisses it. */
export function BulkResults({ results, onClose }: { results: readonly BulkTicketResult[]; onClose: () => void }) {
  const updated = results.filter((r) => r.outcome === 'updated');
  const failed = results.filter((r) => r.outcome !== 'updated');
  return (
    <section className="bulk-results" aria-labelledby="bulk-results-title">
      <div className="bulk-results__head">
        <h2 id="bulk-results-title">{bulkSummary(results)}</h2>
        <Button type="button" size="small" variant="quiet" icon={<X />} onClick={onClose}>
          Dismiss
        </Button>
      </div>
      {updated.length ? (
        <p className="bulk-results__updated">Updated: {updated.map((r) => r.number ?? r.id).join(', ')}</p>
      ) : null}
      {failed.length ? (
        <ul className="bulk-results__failed">
          {failed.map((r) => (
            <li key={r.id} data-outcome={r.outcome}>
              <strong>{r.number ?? 'Unknown ticket'}</strong>: {OUTCOME_TEXT[r.outcome]}
              {r.message ? <span className="bulk-results__message"> ({r.message})</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
