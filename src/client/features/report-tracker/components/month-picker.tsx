/**
 * The month picker of the report tracker pages: a select of the open months (`?period=` in the
 * URL) and, for writers, "Open month" for a month not open yet (idempotent on the server).
 */
import { useState } from 'react';
import { toApiFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { openMonth } from '../api';
import { Button, Select, TextInput } from '../../../components/ui';

export type MonthPickerProps = {
  months: readonly string[];
  period: string;
  onChange: (period: string) => void;
  /** Called after a month was opened, with it; absent: the user may not open months. */
  onOpened?: (period: string) => void;
};

/** See the module comment. */
export function MonthPicker({ months, period, onChange, onOpened }: MonthPickerProps) {
  const [toOpen, setToOpen] = useState('');
  const [isOpening, setOpening] = useState(false);
  const options = months.includes(period) ? months : [period, ...months];

  const handleOpen = () => {
    if (!toOpen || !onOpened) return;
    setOpening(true);
    openMonth(toOpen).then(
      (result) => {
        setOpening(false);
        toast.success(
          result.created
            ? `${result.period} opened: ${result.accountingCells} reports and ${result.deliveries} deliveries.`
            : `${result.period} was already open.`,
        );
        onOpened(result.period);
      },
      (error: unknown) => {
        setOpening(false);
        toast.error(toApiFailure(error).message);
      },
    );
  };

  return (
    <div className="report-toolbar__group">
      <label>
        Month{' '}
        <Select className="ui-input--auto" value={period} onChange={(event) => onChange(event.target.value)}>
          {options.map((month) => (
            <option key={month} value={month}>
              {month}
            </option>
          ))}
        </Select>
      </label>
      {onOpened ? (
        <>
          <label>
            New month{' '}
            <TextInput
              className="ui-input--auto"
              type="month"
              value={toOpen}
              onChange={(event) => setToOpen(event.target.value)}
            />
          </label>
          <Button type="button" onClick={handleOpen} disabled={!toOpen || isOpening}>
            Open month
          </Button>
        </>
      ) : null}
    </div>
  );
}
