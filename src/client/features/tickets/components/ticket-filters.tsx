/**
 * The filter bar of the `/Tickets` queue: search, the select filters, area and property (by title
 * and name), "Overdue only" and the sort. Every value lives in the URL query (`setFilter`), so a
 * filtered queue can be bookmarked; "Clear filters" keeps only the sort.
 */
import type { AreaSummary } from '../../../../shared/area';
import type { Property } from '../../../../shared/me';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../../shared/tickets';
import { Button, Checkbox, Field, SearchInput, Select, X } from '../../../components/ui';

type SelectFilter = { name: string; label: string; any: string; options: readonly (readonly [string, string])[] };

const SELECTS: readonly SelectFilter[] = [
  { name: 'status', label: 'Status', any: 'Any status', options: TICKET_STATUSES.map((s) => [s, s] as const) },
  {
    name: 'state',
    label: 'Open or done',
    any: 'Open or done',
    options: [
      ['open', 'Open'],
      ['done', 'Done'],
    ],
  },
  { name: 'priority', label: 'Priority', any: 'Any priority', options: TICKET_PRIORITIES.map((p) => [p, p] as const) },
  {
    name: 'assignee',
    label: 'Assignee',
    any: 'Anyone',
    options: [
      ['me', 'Me'],
      ['my-groups', 'My groups'],
      ['my-groups-unassigned', 'My groups, no person'],
      ['none', 'Unassigned'],
    ],
  },
  { name: 'requester', label: 'Requester', any: 'Anyone', options: [['me', 'Me']] },
  {
    name: 'sla',
    label: 'Service level',
    any: 'Any',
    options: [
      ['breaching', 'Breaching within 1 hour'],
      ['breached', 'Breached'],
    ],
  },
];

const SORTS: readonly (readonly [string, string])[] = [
  ['', 'Recently updated'],
  ['updatedAt', 'Least recently updated'],
  ['-createdAt', 'Newest'],
  ['createdAt', 'Oldest'],
  ['slaDue', 'Service level due soonest'],
  ['-slaDue', 'Service level due latest'],
];

/** The query names the bar sets (what "Clear filters" removes). */
export const FILTER_NAMES = [
  'q',
  'status',
  'state',
  'priority',
  'assignee',
  'requester',
  'sla',
  'area',
  'property',
  'overdue',
  'resolvedFrom',
];

function FilterSelect({
  name,
  label,
  value,
  any,
  options,
  onChange,
}: SelectFilter & { value: string; onChange: (value: string) => void }) {
  const id = `ticket-filter-${name}`;
  return (
    <Field label={label} htmlFor={id} className="ticket-filters__field">
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{any}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The queue's filters; `areas` in title order, as `GET /api/areas` answers them, and shown in that order. */
export function TicketFilters({
  params,
  setFilter,
  onClear,
  areas,
  properties,
}: {
  params: URLSearchParams;
  setFilter: (name: string, value: string) => void;
  onClear: () => void;
  areas: readonly AreaSummary[];
  properties: readonly Property[];
}) {
  const value = (name: string) => params.get(name) ?? '';
  const area = value('area');
  const property = value('property');
  // not sorted again: that would set up a collator on the queue's first render
  const areaOptions: (readonly [string, string])[] = areas.map((a) => [a.key, a.title] as const);
  // a value from a bookmark that the lists do not hold stays choosable
  if (area && !areas.some((a) => a.key === area)) areaOptions.unshift([area, area]);
  const propertyOptions: (readonly [string, string])[] = properties.map((p) => [p.code, `${p.name} (${p.code})`]);
  if (property && !properties.some((p) => p.code === property)) propertyOptions.unshift([property, property]);
  const active = FILTER_NAMES.some((name) => params.has(name));

  return (
    <form
      className="ticket-filters"
      role="search"
      aria-label="Filter tickets"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label="Search" htmlFor="ticket-filter-q" className="ticket-filters__field ticket-filters__search">
        <SearchInput
          id="ticket-filter-q"
          key={value('q')}
          defaultValue={value('q')}
          placeholder="Number, summary or text"
          onKeyDown={(event) => {
            if (event.key === 'Enter') setFilter('q', event.currentTarget.value.trim());
          }}
          onBlur={(event) => {
            if (event.target.value.trim() !== value('q')) setFilter('q', event.target.value.trim());
          }}
        />
      </Field>
      {SELECTS.map((select) => (
        <FilterSelect
          key={select.name}
          {...select}
          value={value(select.name)}
          onChange={(next) => setFilter(select.name, next)}
        />
      ))}
      <FilterSelect
        name="area"
        label="Area"
        any="Any area"
        options={areaOptions}
        value={area}
        onChange={(next) => setFilter('area', next)}
      />
      <FilterSelect
        name="property"
        label="Property"
        any="Any property"
        options={propertyOptions}
        value={property}
        onChange={(next) => setFilter('property', next)}
      />
      <Field label="Sort" htmlFor="ticket-filter-sort" className="ticket-filters__field ticket-filters__sort">
        <Select
          id="ticket-filter-sort"
          value={value('sort')}
          onChange={(event) => setFilter('sort', event.target.value)}
        >
          {SORTS.map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </Select>
      </Field>
      <div className="ticket-filters__end">
        <Checkbox
          label="Overdue only"
          checked={value('overdue') === 'true'}
          onChange={(event) => setFilter('overdue', event.target.checked ? 'true' : '')}
        />
        <Button type="button" size="small" variant="quiet" icon={<X />} disabled={!active} onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}
