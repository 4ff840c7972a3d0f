import { Fragment } from 'react';
import type { TicketSla } from '../../../../shared/sla';
import { SLA_TARGET_LABELS, slaDueText, slaStateText } from '../sla-text';

/**
 * The service level in the ticket view's side panel: per target (first response, resolution) its
 * due time and, in words, the time left, how long it is breached, paused or met. A breached
 * target is also marked in colour, never by colour alone.
 */
export function SlaPanel({ sla }: { sla: TicketSla }) {
  return (
    <section className="sla-panel" aria-labelledby="sla-panel-title">
      <h2 id="sla-panel-title" className="sla-panel__title">
        Service level
      </h2>
      {sla ? (
        <dl data-testid="ticket-sla">
          {(['firstResponse', 'resolution'] as const).map((name) => (
            <Fragment key={name}>
              <dt>{SLA_TARGET_LABELS[name]}</dt>
              <dd className={sla[name].state === 'breached' ? 'is-overdue' : undefined}>
                {slaStateText(sla[name])}
                <br />
                <small>{slaDueText(sla[name])}</small>
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : (
        <p className="note">No service level applies to this ticket.</p>
      )}
    </section>
  );
}
