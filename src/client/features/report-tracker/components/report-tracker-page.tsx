import '../report-tracker.css';
import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { useResource } from '../../../lib/use-resource';
import { fetchProperties } from '../../../lib/area-api';
import {
  REPORT_ACCOUNTING_READ,
  REPORT_ACCOUNTING_WRITE,
  REPORT_DELIVERY_READ,
  REPORT_DELIVERY_WRITE,
} from '../../../../shared/report-tracker';
import { fetchMonths, fetchOverview } from '../api';
import { MonthPicker } from './month-picker';
import { NoAccess } from './no-access';
import { AccountingChart, DeliveryChart, TrendChart } from './overview-charts';
import { usePeriod } from '../use-period';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button, ButtonLink, Select } from '../../../components/ui';

/**
 * `/ReportTracker`: the chosen month per kind (complete, in review, in progress, not started,
 * late) as charts, the 12-month trend, and links to the accounting and delivery views. `?period=`
 * and `?region=` (all properties when absent) live in the URL, and the links carry them.
 */
export function ReportTrackerPage() {
  const session = useSession();
  const canAccounting = session.hasScope(REPORT_ACCOUNTING_READ) || session.hasScope(REPORT_ACCOUNTING_WRITE);
  const canDelivery = session.hasScope(REPORT_DELIVERY_READ) || session.hasScope(REPORT_DELIVERY_WRITE);
  const [period, setPeriod] = usePeriod();
  const months = useResource('months', fetchMonths);
  const [params, setParams] = useSearchParams();
  const region = params.get('region') ?? '';
  const setRegion = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      if (next) copy.set('region', next);
      else copy.delete('region');
      return copy;
    });
  const properties = useResource('properties', () => fetchProperties());
  const regions = properties.status === 'ready' ? [...new Set(properties.data.map((p) => p.region))].sort() : [];
  const overview = useResource(`${period}|${region}`, (signal) => fetchOverview(period, region, signal));
  useDocumentTitle([region ? `Report tracker — ${region}` : 'Report tracker', period]);
  const detailQuery = `period=${period}${region ? `&region=${encodeURIComponent(region)}` : ''}`;

  if (!canAccounting && !canDelivery) return <NoAccess />;

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Report tracker{region ? ` — ${region}` : ''}</h1>
          <p className="page-header__lead">Month-end accounting and delivery status for every property, at a glance.</p>
        </div>
      </div>
      <div className="report-toolbar">
        <MonthPicker months={months.data ?? []} period={period} onChange={setPeriod} />
        <div className="report-toolbar__group">
          <label>
            Region{' '}
            <Select className="ui-input--auto" value={region} onChange={(e) => setRegion(e.target.value)}>
              <option value="">All</option>
              {(regions.includes(region) || !region ? regions : [region, ...regions]).map((r) => (
                <option key={r}>{r}</option>
              ))}
            </Select>
          </label>
        </div>
        <div className="report-toolbar__group">
          {canAccounting ? (
            <ButtonLink to={`${paths.reportTrackerAccounting}?${detailQuery}`}>Accounting grid</ButtonLink>
          ) : null}
          {canDelivery ? (
            <ButtonLink to={`${paths.reportTrackerDelivery}?${detailQuery}`}>Deliveries</ButtonLink>
          ) : null}
          <Button type="button" variant="quiet" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      {overview.status === 'error' ? (
        <LoadError what="The overview" error={overview.error} onRetry={overview.reload} />
      ) : overview.status === 'loading' ? (
        <Loading />
      ) : (
        <div className="report-overview">
          {!overview.data.isOpen ? <p className="note">{period} is not open yet.</p> : null}
          {overview.data.accounting ? <AccountingChart counts={overview.data.accounting} /> : null}
          {overview.data.delivery ? <DeliveryChart counts={overview.data.delivery} /> : null}
          <TrendChart trend={overview.data.trend} />
        </div>
      )}
    </>
  );
}
