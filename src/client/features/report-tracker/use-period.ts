/** The `?period=` search parameter of the report tracker pages, defaulting to the current month (UTC). */
import { useSearchParams } from 'react-router';
import { PERIOD_PATTERN, periodOf } from '../../../shared/report-tracker';

const PERIOD = new RegExp(PERIOD_PATTERN);

/** Returns the period and a setter that keeps the other search parameters. */
export function usePeriod(): [string, (period: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get('period') ?? '';
  const period = PERIOD.test(value) ? value : periodOf(new Date());
  const setPeriod = (next: string) =>
    setParams((current) => {
      const copy = new URLSearchParams(current);
      copy.set('period', next);
      return copy;
    });
  return [period, setPeriod];
}
