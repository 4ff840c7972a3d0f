import type { ReactNode } from 'react';
import { TicketLayout } from '../../../components/ticket-layout';
import { useResource } from '../../../lib/use-resource';
import { fetchContentDb } from '../content-db';

/**
 * A form with its area's help text (`content/help/<Area>.md`) in a side panel beside it; just the
 * form when the area has no help text or the content database cannot be loaded.
 */
export function WithFormHelp({ area, children }: { area: string; children: ReactNode }) {
  const db = useResource('content-db', () => fetchContentDb());
  const html = db.status === 'ready' ? db.data.help[area] : undefined;
  const side = html ? (
    <section className="side-panel" aria-labelledby="form-help-title">
      <h2 id="form-help-title">Help</h2>
      {/* sanitised with sanitize-html when the database was built */}
      <div className="content-html" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  ) : undefined;
  return (
    <TicketLayout side={side} sideLabel="Help">
      {children}
    </TicketLayout>
  );
}
