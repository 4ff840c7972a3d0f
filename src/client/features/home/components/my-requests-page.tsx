import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MY_REQUEST_STATES, type MyRequest, type MyRequestState } from '../../../../shared/activity';
import type { AreaSummary } from '../../../../shared/area';
import { LoadError, Loading } from '../../../components/status-message';
import { areaDetailPath, paths } from '../../../config/paths';
import { fetchAreas } from '../../../lib/area-api';
import { formatDateTime } from '../../../lib/date-format';
import { useDocumentTitle } from '../../../lib/document-title';
import { useResource } from '../../../lib/use-resource';
import { fetchMyRequests } from '../api';
import { statusInWords, updateInWords, waitingFor } from '../request-status';
import { Button, ButtonLink } from '../../../components/ui';

const STATE_LABELS: Record<MyRequestState, string> = { open: 'Open', closed: 'Finished', all: 'All' };
const EMPTY: Record<MyRequestState, string> = {
  open: 'You have no open requests.',
  closed: 'None of your requests is finished yet.',
  all: 'You have not submitted a request yet.',
};

function isState(value: string | null): value is MyRequestState {
  return (MY_REQUEST_STATES as readonly (string | null)[]).includes(value);
}

function statusClass(status: string): string {
  return `status-badge status-badge--${status.toLowerCase().replace(/\s+/g, '-')}`;
}

function RequestItem({ request, areas }: { request: MyRequest; areas: ReadonlyMap<string, AreaSummary> }) {
  const area = areas.get(request.area);
  const parentArea = area?.parent;
  const parent = parentArea && request.parentId ? { area: parentArea, id: request.parentId } : undefined;
  const waiting = waitingFor(request);
  const mine = request.status === 'Waiting on requester' || request.status === 'Resolved';
  return (
    <li className="request-card">
      <div className="request-card__head">
        <h2 className="request-card__title">
          <Link to={areaDetailPath({ area: request.area, parent }, request.id)}>{request.number}</Link>{' '}
          <span className="request-card__area">{area?.title ?? request.area}</span>
        </h2>
        <span className={statusClass(request.status)}>{statusInWords(request.status)}</span>
      </div>
      {request.summary ? <p className="request-card__summary">{request.summary}</p> : null}
      {waiting ? (
        <p className={mine ? 'request-card__waiting request-card__waiting--you' : 'request-card__waiting'}>{waiting}</p>
      ) : null}
      <p className="request-card__meta">
        {request.lastUpdate ? (
          <>
            Last update: {request.lastUpdate.actor ?? 'The portal'} {updateInWords(request.lastUpdate.action)},{' '}
            <time dateTime={request.lastUpdate.at}>{formatDateTime(request.lastUpdate.at)}</time>
          </>
        ) : (
          <>
            Submitted <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </>
        )}
      </p>
    </li>
  );
}

type Listing = { items: MyRequest[]; nextCursor: string | null; loadingMore: boolean; moreError: unknown };

/**
 * `/MyRequests`: the signed-in user's own requests (`GET /api/me/requests`), Open / Finished / All
 * (`?state=`), most recently updated first: status in words, what the request is waiting for, and
 * the last update they may read; "Show more" reads the next page. No handler filters.
 */
export function MyRequestsPage() {
  useDocumentTitle('My requests');
  const tabsId = useId();
  const [params] = useSearchParams();
  const stateParam = params.get('state');
  const state: MyRequestState = isState(stateParam) ? stateParam : 'open';
  const first = useResource(`my-requests:${state}`, (signal) => fetchMyRequests(state, null, signal));
  const areas = useResource('areas', () => fetchAreas());
  const [listing, setListing] = useState<Listing | null>(null);
  useEffect(() => {
    setListing(first.status === 'ready' ? { ...first.data, loadingMore: false, moreError: null } : null);
  }, [first.status, first.data]);
  const showMore = useCallback(() => {
    if (!listing?.nextCursor) return;
    const cursor = listing.nextCursor;
    setListing({ ...listing, loadingMore: true, moreError: null });
    fetchMyRequests(state, cursor).then(
      (page) =>
        setListing(
          (now) =>
            now && {
              items: [...now.items, ...page.items],
              nextCursor: page.nextCursor,
              loadingMore: false,
              moreError: null,
            },
        ),
      (error: unknown) => setListing((now) => now && { ...now, loadingMore: false, moreError: error }),
    );
  }, [listing, state]);
  const areaMap = new Map((areas.status === 'ready' ? areas.data : []).map((area) => [area.key, area]));
  return (
    <>
      <div className="page-header">
        <div>
          <h1>My requests</h1>
          <p className="page-header__lead">Everything you have asked for, and what each request is waiting for.</p>
        </div>
        <div className="page-header__actions">
          <ButtonLink to={paths.forms} variant="primary">
            Fill in a form
          </ButtonLink>
        </div>
      </div>
      <nav className="segmented" aria-label="Which requests">
        {MY_REQUEST_STATES.map((option) => (
          <Link
            key={option}
            id={`${tabsId}-${option}`}
            to={option === 'open' ? paths.myRequests : `${paths.myRequests}?state=${option}`}
            className="segmented__option"
            aria-current={option === state ? 'page' : undefined}
            replace
          >
            {STATE_LABELS[option]}
          </Link>
        ))}
      </nav>
      {first.status === 'loading' || (first.status === 'ready' && !listing) ? <Loading /> : null}
      {first.status === 'error' ? <LoadError what="Your requests" error={first.error} onRetry={first.reload} /> : null}
      {listing ? (
        listing.items.length === 0 ? (
          <p className="note">{EMPTY[state]}</p>
        ) : (
          <>
            <ul className="request-list">
              {listing.items.map((request) => (
                <RequestItem key={request.id} request={request} areas={areaMap} />
              ))}
            </ul>
            {listing.moreError ? (
              <p role="alert" className="note">
                The next requests could not be loaded. Try again.
              </p>
            ) : null}
            {listing.nextCursor ? (
              <p>
                <Button type="button" onClick={showMore} disabled={listing.loadingMore}>
                  {listing.loadingMore ? 'Loading…' : 'Show more'}
                </Button>
              </p>
            ) : null}
          </>
        )
      ) : null}
    </>
  );
}
