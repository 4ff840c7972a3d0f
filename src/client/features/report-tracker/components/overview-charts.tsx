/**
 * Pictures of the report tracker overview (results are shown as charts, not tables): one stacked bar
 * per kind for the month, with its counts as a legend a screen reader (and a test) can read, and a
 * 12-month trend of percent complete (accounting) and delivered (delivery). Plain SVG.
 */
import type { AccountingCounts, DeliveryCounts, TrendPoint } from '../../../../shared/report-tracker';

type Segment = { label: string; value: number; className: string };

function StackedBar({
  title,
  segments,
  total,
  late,
  note,
}: {
  title: string;
  segments: Segment[];
  /** Properties counted. */
  total: number;
  late: number;
  note?: string;
}) {
  let x = 0;
  return (
    <figure className="report-chart" aria-label={`${title} status`}>
      <figcaption>
        <strong>{title}</strong> — {total} {total === 1 ? 'property' : 'properties'},{' '}
        <span className="report-chart__late">{late} late</span>
        {note ? `; ${note}` : null}
      </figcaption>
      <svg
        viewBox="0 0 100 8"
        preserveAspectRatio="none"
        className="report-chart__bar"
        role="img"
        aria-label={`${title} bar`}
      >
        {segments.map((segment) => {
          const width = total ? (segment.value * 100) / total : 0;
          const rect = <rect key={segment.label} x={x} y={0} width={width} height={8} className={segment.className} />;
          x += width;
          return rect;
        })}
      </svg>
      <dl className="report-chart__legend">
        {segments.map((segment) => (
          <div key={segment.label} data-segment={segment.label}>
            <dt>
              <span className={`report-chart__swatch ${segment.className}`} aria-hidden="true" /> {segment.label}
            </dt>
            <dd>{segment.value}</dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}

/** The month's accounting per property as a stacked bar, with the reports complete as a note. */
export function AccountingChart({ counts }: { counts: AccountingCounts }) {
  return (
    <StackedBar
      title="Accounting"
      total={counts.total}
      late={counts.late}
      note={`${counts.reports.complete} of ${counts.reports.total} reports complete`}
      segments={[
        { label: 'Complete', value: counts.complete, className: 'fill-complete' },
        { label: 'In review', value: counts.inReview, className: 'fill-review' },
        { label: 'In progress', value: counts.inProgress, className: 'fill-progress' },
        { label: 'Not started', value: counts.notStarted, className: 'fill-not-started' },
      ]}
    />
  );
}

/** The month's deliveries (one per property) as a stacked bar. */
export function DeliveryChart({ counts }: { counts: DeliveryCounts }) {
  return (
    <StackedBar
      title="Delivery"
      total={counts.total}
      late={counts.late}
      segments={[
        { label: 'Delivered', value: counts.delivered, className: 'fill-complete' },
        { label: 'Pending', value: counts.pending - counts.late, className: 'fill-not-started' },
        { label: 'Late', value: counts.late, className: 'fill-late' },
      ]}
    />
  );
}

const W = 360;
const H = 120;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2025-12` → "Dec 2025" (a trend axis label); other text is returned as is. */
export function monthTick(period: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(period);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${month} ${match[1]}` : period;
}

/**
 * Percent complete / delivered per month, oldest left; months not open are gaps. The month labels
 * are HTML below the picture, one per bar, so they keep their size whatever the chart's width;
 * where the chart is narrow (a 375 px phone) they stand upright, so twelve fit without overlapping.
 */
export function TrendChart({ trend }: { trend: readonly TrendPoint[] }) {
  const step = W / Math.max(1, trend.length);
  const bar = step / 3;
  return (
    <figure className="report-chart report-chart--trend" aria-label="12-month trend">
      <figcaption>
        <strong>Last 12 months</strong> — percent of properties with accounting complete and packages delivered
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H + 1}`} className="report-chart__trend" role="img" aria-label="Trend chart">
        <line x1={0} y1={H} x2={W} y2={H} className="report-chart__axis" />
        {trend.map((point, i) => {
          const x = i * step + bar;
          const a = point.accountingComplete;
          const d = point.deliveryDelivered;
          return (
            <g key={point.period}>
              {a !== null ? (
                <rect x={x - bar / 2} y={H - (a * H) / 100} width={bar} height={(a * H) / 100} className="fill-complete">
                  <title>{`${point.period} accounting ${a}%`}</title>
                </rect>
              ) : null}
              {d !== null ? (
                <rect x={x + bar / 2} y={H - (d * H) / 100} width={bar} height={(d * H) / 100} className="fill-delivered">
                  <title>{`${point.period} delivery ${d}%`}</title>
                </rect>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* the table below gives the months to a screen reader */}
      <ol className="report-chart__ticks" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${Math.max(1, trend.length)}, 1fr)` }}>
        {trend.map((point) => (
          <li key={point.period}>
            <span>{monthTick(point.period)}</span>
          </li>
        ))}
      </ol>
      {/* hidden through a wrapper: a table ignores the 1 px width, and its nowrap rows reached 64 px past a 375 px screen */}
      <div className="visually-hidden">
        <table>
          <caption>Trend</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Accounting complete %</th>
              <th scope="col">Delivered %</th>
            </tr>
          </thead>
          <tbody>
            {trend.map((point) => (
              <tr key={point.period}>
                <th scope="row">{point.period}</th>
                <td>{point.accountingComplete ?? 'not open'}</td>
                <td>{point.deliveryDelivered ?? 'not open'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
