/**
 * The `?period=` search parameter of the report tracker pages, defaulting to the current month in
 * the browser's time zone (the server decides "today" in the organisation's configured zone).
 */
import { useSearchParams } from 'react-router';
import { PERIOD_PATTERN, periodIn } from '../../../shared/report-tracker';

const PERIOD = new RegExp(PERIOD_PATTERN);

/** Returns the period and a setter that keeps the other search parameters. */
export function usePeriod(): [string, (period: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('period') ?? '';
  const period = PERIOD.test(value) ? value : periodIn(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const setPeriod = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('period', next);
      return copy;
    });
  return [period, setPeriod];
}
