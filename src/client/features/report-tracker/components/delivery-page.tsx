import '../report-tracker.css';
import { Fragment, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { fetchProperties } from '../../../lib/area-api';
import {
  REPORT_DELIVERY_READ,
  REPORT_DELIVERY_WRITE,
  type DeliveryEntry,
  type DeliveryList,
} from '../../../../shared/report-tracker';
import { fetchDeliveries, fetchMonths, saveDelivery, type DeliveryInput } from '../api';
import { DeliveryForm } from './delivery-form';
import { MonthPicker } from './month-picker';
import { NoAccess } from './no-access';
import { usePeriod } from '../use-period';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button, Select } from '../../../components/ui';

function statusLabel(entry: DeliveryEntry): string {
  return entry.isLate ? 'Late' : entry.status;
}

/**
 * `/ReportTracker/Delivery`: per property for the month — due date, status (Pending, Delivered,
 * Late when past due), delivered date, method, recipient and notes; writers record a delivery
 * (with an override reason while accounting is not Complete) or set it back to Pending.
 */
export function DeliveryPage() {
  const session = useSession();
  const canRead = session.hasScope(REPORT_DELIVERY_READ) || session.hasScope(REPORT_DELIVERY_WRITE);
  const canWrite = session.hasScope(REPORT_DELIVERY_WRITE);
  const [period, setPeriod] = usePeriod();
  useDocumentTitle([`Delivery ${period}`, 'Report tracker']);
  const months = useResource('months', fetchMonths);
  const [searchParams] = useSearchParams();
  const [region, setRegion] = useState(() => searchParams.get('region') ?? '');
  const [status, setStatus] = useState('');
  const properties = useResource('properties', () => fetchProperties());
  const regions = properties.status === 'ready' ? [...new Set(properties.data.map((p) => p.region))].sort() : [];
  const loaded = useResource(`${period}|${region}|${status}`, (signal) =>
    fetchDeliveries(period, { region, status }, signal),
  );
  const [list, setList] = useState<DeliveryList | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => setList(loaded.status === 'ready' ? loaded.data : null), [loaded.status, loaded.data]);

  if (!canRead) return <NoAccess />;

  const save = (entry: DeliveryEntry, input: DeliveryInput) => {
    setSaving(true);
    saveDelivery(entry, input).then(
      (saved) => {
        setSaving(false);
        setEditing(null);
        setList((current) =>
          current ? { ...current, entries: current.entries.map((e) => (e.id === saved.id ? saved : e)) } : current,
        );
        toast.success(`${saved.property.name}: ${saved.status}.`);
      },
      (error: unknown) => {
        setSaving(false);
        toast.error(toApiFailure(error).message);
        if (toApiFailure(error).status === 412) loaded.reload();
      },
    );
  };

  const columns = canWrite ? 8 : 7;
  return (
    <>
      <div className="page-header">
        <div>
          <p className="report-crumbs">
            <Link to={`${paths.reportTracker}?period=${period}`}>Report tracker</Link>
          </p>
          <h1>Delivery {period}</h1>
          <p className="page-header__lead">Sending each property&apos;s month-end package to its owner.</p>
        </div>
      </div>
      <div className="report-toolbar">
        <MonthPicker months={months.data ?? []} period={period} onChange={setPeriod} />
        <div className="report-toolbar__group">
          <label>
            Region{' '}
            <Select className="ui-input--auto" value={region} onChange={(e) => setRegion(e.target.value)}>
              <option value="">All</option>
              {regions.map((r) => (
                <option key={r}>{r}</option>
              ))}
            </Select>
          </label>
          <label>
            Status{' '}
            <Select className="ui-input--auto" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">All</option>
              {['Pending', 'Delivered', 'Late'].map((s) => (
                <option key={s}>{s}</option>
              ))}
            </Select>
          </label>
        </div>
        <div className="report-toolbar__group">
          <Button type="button" variant="quiet" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      {loaded.status === 'error' ? (
        <LoadError what="The delivery list" error={loaded.error} onRetry={loaded.reload} />
      ) : !list ? (
        <Loading />
      ) : (
        <div className="table-scroll">
          <table className="data-table delivery-table">
            <thead>
              <tr>
                <th scope="col">Property</th>
                <th scope="col">Due</th>
                <th scope="col">Status</th>
                <th scope="col">Delivered on</th>
                <th scope="col">Method</th>
                <th scope="col">Recipient</th>
                <th scope="col">Notes</th>
                {canWrite ? <th scope="col">Action</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.entries.map((entry) => (
                <Fragment key={entry.id}>
                  <tr data-property={entry.property.code}>
                    <th scope="row">
                      {entry.property.code} {entry.property.name}
                    </th>
                    <td>{entry.dueDate}</td>
                    <td>
                      <span className={`status-badge delivery-status--${statusLabel(entry).toLowerCase()}`}>
                        {statusLabel(entry)}
                      </span>
                      {entry.overrideReason ? (
                        <span className="delivery-override"> override: {entry.overrideReason}</span>
                      ) : null}
                    </td>
                    <td>{entry.deliveredOn ?? ''}</td>
                    <td>{entry.method ?? ''}</td>
                    <td>{entry.recipient ?? ''}</td>
                    <td>{entry.notes}</td>
                    {canWrite ? (
                      <td>
                        {entry.status === 'Pending' ? (
                          <Button
                            type="button"
                            aria-label={`Record delivery for ${entry.property.name}`}
                            onClick={() => setEditing(entry.id)}
                          >
                            Record delivery
                          </Button>
                        ) : (
                          <Button
                            type="button"
                            variant="quiet"
                            aria-label={`Set ${entry.property.name} back to Pending`}
                            onClick={() => save(entry, { status: 'Pending' })}
                            disabled={isSaving}
                          >
                            Back to Pending
                          </Button>
                        )}
                      </td>
                    ) : null}
                  </tr>
                  {editing === entry.id ? (
                    <tr className="delivery-form-row">
                      <td colSpan={columns}>
                        <DeliveryForm
                          entry={entry}
                          today={list.today}
                          isSaving={isSaving}
                          onSubmit={(input) => save(entry, input)}
                          onCancel={() => setEditing(null)}
                        />
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
