import { Component, useEffect, useState, type ReactNode } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound } from '../components/not-found';
import { paths } from '../config/paths';
import { BareFrame } from './layouts/bare-layout';
import { useDocumentTitle } from '../lib/document-title';
import { isChunkLoadError, reloadForChunkFailure } from './shell/chunk-reload';
import { Button, ButtonLink } from '../components/ui/button';

function statusOf(error: unknown): number {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

function titleOf(error: unknown): string {
  const title = typeof error === 'object' && error !== null ? (error as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title.trim() ? title : 'Error';
}

/**
 * Status and title of a navigation failure: the router's response status, or an
 * error's own `status` (e.g. 500 for 'Unknown middleware {name}'), else 500; the error's own
 * `title` or the response's status text, else 'Error'. May throw when the error object itself is
 * broken (a throwing getter); {@link ErrorPage} catches that.
 */
export function describeRouteError(error: unknown): { status: number; title: string; detail: string | null } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : null;
    return { status: error.status, title: error.statusText || 'Error', detail };
  }
  return { status: statusOf(error), title: titleOf(error), detail: error instanceof Error ? error.message : null };
}

/** The error page's own failure: 'An error occurred while showing the error page', 'Go back to home'. */
export function ErrorPageFailure() {
  return (
    <main id="main" className="bare-page" data-layout="bare" tabIndex={-1}>
      <section className="bare-page__panel error-panel" aria-labelledby="error-page-failure-title">
        <h1 id="error-page-failure-title">An error occurred while showing the error page</h1>
        <p>
          {/* a full page load: the router itself may be what is broken */}
          <a href={paths.home}>Go back to home</a>
        </p>
      </section>
    </main>
  );
}

class ErrorPageBoundary extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError(): { hasFailed: boolean } {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('An error occurred while showing the error page', error);
  }

  override render() {
    return this.state.hasFailed ? <ErrorPageFailure /> : this.props.children;
  }
}

/** The technical detail of a failure, folded away behind "Details" (people read the plain words first). */
function ErrorDetails({ status, detail }: { status: number; detail: string | null }) {
  return (
    <details className="error-panel__details">
      <summary>Details</summary>
      <p className="error-panel__detail">
        Status {status}
        {detail ? `: ${detail}` : ''}
      </p>
    </details>
  );
}

/**
 * A page's code could not be loaded: after a new deployment the old files are gone. Reloads once
 * (the address is already the page that was clicked); if a reload happened less than a minute ago,
 * says so in plain words and offers the reload by hand instead of looping.
 */
function ChunkFailure({ detail }: { detail: string | null }) {
  const [reloading, setReloading] = useState(true);
  useDocumentTitle('The portal was updated');
  useEffect(() => {
    if (!reloadForChunkFailure()) setReloading(false);
  }, []);
  if (reloading) return <p role="status">Loading the new version of the portal…</p>;
  return (
    <section className="error-panel" aria-labelledby="error-title">
      <h1 id="error-title">The portal was updated</h1>
      <p>The portal was updated. Reload to continue.</p>
      <p>
        <Button type="button" variant="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </p>
      <ErrorDetails status={500} detail={detail} />
    </section>
  );
}

function RouteErrorContent() {
  const error = useRouteError();
  const { status, title, detail } = describeRouteError(error);
  // the 404 and chunk-failure contents set their own titles
  useDocumentTitle(status === 404 || isChunkLoadError(error) ? undefined : title);
  if (status === 404) {
    return (
      <BareFrame>
        <NotFound />
      </BareFrame>
    );
  }
  if (isChunkLoadError(error)) {
    return (
      <BareFrame>
        <ChunkFailure detail={detail} />
      </BareFrame>
    );
  }
  if (status >= 500) console.error(error);
  return (
    <BareFrame>
      <section className="error-panel" aria-labelledby="error-title">
        <p className="error-panel__status">{status}</p>
        <h1 id="error-title">{title}</h1>
        <p>
          {status >= 500
            ? 'Something went wrong on our side while showing this page. Try again in a moment; if it keeps happening, tell the Portal team what you were doing.'
            : 'This page could not be shown.'}
        </p>
        <p className="error-panel__actions">
          <Button type="button" variant="primary" onClick={() => window.location.reload()}>
            Try again
          </Button>{' '}
          <ButtonLink to={paths.home}>Back to the home page</ButtonLink>
        </p>
        {detail ? <ErrorDetails status={status} detail={detail} /> : null}
      </section>
    </BareFrame>
  );
}

/**
 * Route error boundary, in the layout without navigation bar: the 404 page for
 * unmatched routes; for a page whose code failed to load (a new deployment), one reload to the
 * clicked page, then "The portal was updated. Reload to continue."; otherwise an error page with
 * the status code (default 500), the title (default 'Error'), what to do in plain words, and the
 * error's message (e.g. 'Unknown middleware {name}') behind a "Details" toggle. Uses no session
 * or data so it can render whatever failed; if rendering it fails too, {@link ErrorPageFailure}.
 */
export function ErrorPage() {
  return (
    <ErrorPageBoundary>
      <RouteErrorContent />
    </ErrorPageBoundary>
  );
}
