import '../report-tracker.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isHTTPError } from 'ky';
import { LoadError, Loading } from '../../../components/status-message';
import { paths } from '../../../config/paths';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { useResource } from '../../../lib/use-resource';
import { fetchProperties } from '../../../lib/area-api';
import {
  ACCOUNTING_STATUSES,
  REPORT_ACCOUNTING_READ,
  REPORT_ACCOUNTING_WRITE,
  type AccountingCell,
  type AccountingGrid,
  type AccountingStatus,
} from '../../../../shared/report-tracker';
import {
  bulkSetStatus,
  fetchGrid,
  fetchGridCsv,
  fetchMonths,
  fetchOwners,
  saveCellStatus,
  type GridFilters,
} from '../api';
import { AccountingGridTable } from './accounting-grid';
import { MonthPicker } from './month-picker';
import { NoAccess } from './no-access';
import { usePeriod } from '../use-period';
import { useSession } from '../../../lib/session/session-context';
import { useDocumentTitle } from '../../../lib/document-title';
import { Button, Select } from '../../../components/ui';

function replaceCell(grid: AccountingGrid, cell: AccountingCell): AccountingGrid {
  return {
    ...grid,
    rows: grid.rows.map((row) =>
      row.cells[cell.report]?.id === cell.id ? { ...row, cells: { ...row.cells, [cell.report]: cell } } : row,
    ),
  };
}

function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * `/ReportTracker/Accounting`: the month's grid with filters (region, owner, status), month
 * picker, bulk change of the ticked rows, CSV export and print. A cell change shows at once and
 * is saved with If-Match; a stale version (412) reloads the grid and says why.
 */
export function AccountingPage() {
  const session = useSession();
  const canRead = session.hasScope(REPORT_ACCOUNTING_READ) || session.hasScope(REPORT_ACCOUNTING_WRITE);
  const canWrite = session.hasScope(REPORT_ACCOUNTING_WRITE);
  const [period, setPeriod] = usePeriod();
  useDocumentTitle([`Accounting ${period}`, 'Report tracker']);
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<GridFilters>(() => ({ region: searchParams.get('region') || undefined }));
  const [monthsKey, setMonthsKey] = useState(0);
  const months = useResource(`months:${monthsKey}`, fetchMonths);
  const owners = useResource('owners', fetchOwners);
  const properties = useResource('properties', () => fetchProperties());
  const key = `${period}|${filters.region ?? ''}|${filters.owner ?? ''}|${filters.status ?? ''}`;
  const loaded = useResource(key, (signal) => fetchGrid(period, filters, signal));
  const [grid, setGrid] = useState<AccountingGrid | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkReport, setBulkReport] = useState('');
  const [bulkStatus, setBulkStatus] = useState<AccountingStatus>('Complete');
  const [isBusy, setBusy] = useState(false);
  const [pendingSaves, setPendingSaves] = useState(0);

  useEffect(() => {
    setGrid(loaded.status === 'ready' ? loaded.data : null);
  }, [loaded.status, loaded.data]);
  useEffect(() => setSelected(new Set()), [key]);

  const regions = useMemo(
    () => (properties.status === 'ready' ? [...new Set(properties.data.map((p) => p.region))].sort() : []),
    [properties.status, properties.data],
  );

  const { reload } = loaded;
  // Saves of one cell run one after another, each with the version the previous one returned, so
  // quick repeated changes (Enter, Enter) do not trip over their own If-Match.
  const versions = useRef(new Map<string, number>());
  const queues = useRef(new Map<string, Promise<unknown>>());
  const handleSetStatus = useCallback(
    (cell: AccountingCell, status: AccountingStatus) => {
      if (cell.status === status) return;
      setGrid((current) => (current ? replaceCell(current, { ...cell, status }) : current));
      setPendingSaves((n) => n + 1);
      const save = (queues.current.get(cell.id) ?? Promise.resolve())
        .catch(() => undefined)
        .then(() =>
          saveCellStatus({ ...cell, version: Math.max(cell.version, versions.current.get(cell.id) ?? 0) }, status),
        );
      queues.current.set(cell.id, save);
      const isLast = () => queues.current.get(cell.id) === save;
      save.then(
        (saved) => {
          versions.current.set(saved.id, saved.version);
          setPendingSaves((n) => n - 1);
          if (isLast()) setGrid((current) => (current ? replaceCell(current, saved) : current));
        },
        (error: unknown) => {
          setPendingSaves((n) => n - 1);
          if (!isLast()) return;
          setGrid((current) => (current ? replaceCell(current, cell) : current));
          if (isHTTPError(error) && error.response.status === 412) {
            toast.warning('Someone else changed this report meanwhile; the grid was reloaded.');
            reload();
          } else toast.error(toApiFailure(error).message);
        },
      );
    },
    [reload],
  );

  const toggleRow = useCallback((code: string) => {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setSelected((current) => {
      const codes = grid?.rows.map((row) => row.property.code) ?? [];
      return codes.every((code) => current.has(code)) ? new Set() : new Set(codes);
    });
  }, [grid]);

  if (!canRead) return <NoAccess />;

  const handleBulk = () => {
    if (!grid) return;
    const cells = grid.rows
      .filter((row) => selected.has(row.property.code))
      .flatMap((row) => (bulkReport ? [row.cells[bulkReport]] : Object.values(row.cells)))
      .filter((cell): cell is AccountingCell => Boolean(cell));
    if (!cells.length) return;
    setBusy(true);
    bulkSetStatus(cells, bulkStatus).then(
      (changed) => {
        setBusy(false);
        toast.success(`${changed} report(s) set to ${bulkStatus}.`);
        setSelected(new Set());
        reload();
      },
      (error: unknown) => {
        setBusy(false);
        toast.error(toApiFailure(error).message);
        reload();
      },
    );
  };

  const handleCsv = () => {
    fetchGridCsv(period, filters).then(
      (text) => downloadText(text, `report-tracker-${period}.csv`, 'text/csv'),
      (error: unknown) => toast.error(toApiFailure(error).message),
    );
  };

  const setFilter = (name: keyof GridFilters, value: string) =>
    setFilters((f) => ({ ...f, [name]: value || undefined }));

  return (
    <>
      <div className="page-header">
        <div>
          <p className="report-crumbs">
            <Link to={`${paths.reportTracker}?period=${period}`}>Report tracker</Link>
          </p>
          <h1>Accounting {period}</h1>
          <p className="page-header__lead">
            Month-end reports per property. Click a report or press Enter to move it on; keys C, R, P and N set
            Complete, In review, In progress and Not started. The grid is one Tab stop: arrow keys, Home and End move
            between its cells.
          </p>
        </div>
      </div>
      <div className="report-toolbar">
        <MonthPicker
          months={months.data ?? []}
          period={period}
          onChange={setPeriod}
          onOpened={
            canWrite
              ? (opened) => {
                  setMonthsKey((n) => n + 1);
                  setPeriod(opened);
                  reload();
                }
              : undefined
          }
        />
        <div className="report-toolbar__group">
          <label>
            Region{' '}
            <Select
              className="ui-input--auto"
              value={filters.region ?? ''}
              onChange={(e) => setFilter('region', e.target.value)}
            >
              <option value="">All</option>
              {regions.map((region) => (
                <option key={region}>{region}</option>
              ))}
            </Select>
          </label>
          <label>
            Owner{' '}
            <Select
              className="ui-input--auto"
              value={filters.owner ?? ''}
              onChange={(e) => setFilter('owner', e.target.value)}
            >
              <option value="">All</option>
              {(owners.data ?? []).map((owner) => (
                <option key={owner}>{owner}</option>
              ))}
            </Select>
          </label>
          <label>
            Status{' '}
            <Select
              className="ui-input--auto"
              value={filters.status ?? ''}
              onChange={(e) => setFilter('status', e.target.value)}
            >
              <option value="">All</option>
              {[...ACCOUNTING_STATUSES, 'Overdue'].map((status) => (
                <option key={status}>{status}</option>
              ))}
            </Select>
          </label>
        </div>
        <div className="report-toolbar__group">
          <Button type="button" onClick={handleCsv}>
            Export CSV
          </Button>
          <Button type="button" variant="quiet" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
      {canWrite && grid ? (
        <div className="report-toolbar report-bulk" aria-label="Bulk change">
          <span>{selected.size} selected</span>
          <label>
            Report{' '}
            <Select className="ui-input--auto" value={bulkReport} onChange={(e) => setBulkReport(e.target.value)}>
              <option value="">All reports</option>
              {grid.reports.map((report) => (
                <option key={report.key} value={report.key}>
                  {report.name}
                </option>
              ))}
            </Select>
          </label>
          <label>
            Set to{' '}
            <Select
              className="ui-input--auto"
              value={bulkStatus}
              onChange={(e) => setBulkStatus(e.target.value as AccountingStatus)}
            >
              {ACCOUNTING_STATUSES.map((status) => (
                <option key={status}>{status}</option>
              ))}
            </Select>
          </label>
          <Button type="button" variant="primary" onClick={handleBulk} disabled={!selected.size || isBusy}>
            Apply to selected
          </Button>
        </div>
      ) : null}
      {loaded.status === 'error' ? (
        <LoadError what="The grid" error={loaded.error} onRetry={reload} />
      ) : !grid ? (
        <Loading />
      ) : grid.rows.length === 0 ? (
        <p className="empty-state">No property matches these filters.</p>
      ) : (
        <div className="report-grid-wrap" data-pending-saves={pendingSaves}>
          <AccountingGridTable
            label={`Accounting ${period}`}
            period={grid.period}
            reports={grid.reports}
            rows={grid.rows}
            selected={selected}
            onToggleRow={toggleRow}
            onToggleAll={toggleAll}
            onSetStatus={canWrite ? handleSetStatus : undefined}
            isSaving={pendingSaves > 0}
          />
        </div>
      )}
    </>
  );
}
