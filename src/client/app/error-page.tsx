import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFound } from '../components/not-found';
import { paths } from '../config/paths';

function statusOf(error: unknown): number {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

/**
 * Status and title of a navigation failure (spec §8): the router's response status, or an
 * error's own `status` (e.g. 500 for 'Unknown middleware {name}'), else 500; title 'Error' by default.
 */
export function describeRouteError(error: unknown): { status: number; title: string; detail: string | null } {
  if (isRouteErrorResponse(error)) {
    const detail = typeof error.data === 'string' && error.data ? error.data : null;
    return { status: error.status, title: error.statusText || 'Error', detail };
  }
  return { status: statusOf(error), title: 'Error', detail: error instanceof Error ? error.message : null };
}

/**
 * Route error boundary (spec §8 "Other navigation failure"): the 404 page for unmatched routes,
 * otherwise an error page with the status code (default 500) and title (default 'Error').
 * Uses no session or data so it can render whatever failed.
 */
export function ErrorPage() {
  const error = useRouteError();
  const { status, title, detail } = describeRouteError(error);
  if (status === 404) return <NotFound />;
  return (
    <section className="error-panel" aria-labelledby="error-title">
      <p className="error-panel__status">{status}</p>
      <h1 id="error-title">{title}</h1>
      <p>Something went wrong while showing this page.{detail ? ` ${detail}` : ''}</p>
      <p>
        <Link to={paths.home}>Back to the home page</Link>
      </p>
    </section>
  );
}
