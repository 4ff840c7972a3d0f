import { useId } from 'react';
import { LoadError, Loading } from '../../../components/status-message';
import { Button, DateInput, Field, TextInput } from '../../../components/ui';
import { useResource } from '../../../lib/use-resource';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { fetchChanges } from '../api';
import { HistoryList } from './history-list';
import { useDocumentTitle } from '../../../lib/document-title';

const FILTERS = [
  ['area', 'Area', 'text'],
  ['ticket', 'Ticket (number or id)', 'text'],
  ['user', 'User ("me" or id)', 'text'],
  ['from', 'From', 'date'],
  ['to', 'Before', 'date'],
] as const;

/**
 * `/Changes`: the history the user may read, newest first, filterable by area, ticket, user and
 * date range (all in the URL query): each entry a sentence under the heading of its day
 * ({@link HistoryList}).
 */
export function ChangesPage() {
  useDocumentTitle('Changes');
  const { params, setFilter } = useUrlFilters();
  const changes = useResource(params.toString(), (signal) => fetchChanges(params, signal));
  const idBase = useId();
  return (
    <>
      <div className="page-header">
        <h1>Changes</h1>
      </div>
      <form className="ui-filter-bar" onSubmit={(event) => event.preventDefault()}>
        {FILTERS.map(([name, label, type]) => {
          const Control = type === 'date' ? DateInput : TextInput;
          return (
            <Field key={name} label={label} htmlFor={`${idBase}-${name}`}>
              <Control
                id={`${idBase}-${name}`}
                name={name}
                defaultValue={params.get(name) ?? ''}
                onBlur={(event) => setFilter(name, event.target.value.trim())}
              />
            </Field>
          );
        })}
      </form>
      {changes.status === 'loading' && <Loading label="Loading changes…" />}
      {changes.status === 'error' && <LoadError error={changes.error} onRetry={changes.reload} what="The history" />}
      {changes.status === 'ready' && (
        <>
          <HistoryList entries={changes.data.items} label="Changes" headingLevel={2} showTicket />
          {changes.data.items.length === 0 && <p>No changes match.</p>}
          <nav className="pager" aria-label="Pages">
            <Button type="button" disabled={!params.get('cursor')} onClick={() => setFilter('cursor', '')}>
              Newest
            </Button>
            <Button
              type="button"
              disabled={!changes.data.nextCursor}
              onClick={() => setFilter('cursor', changes.data.nextCursor ?? '')}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </>
  );
}
