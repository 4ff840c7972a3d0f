import { paths } from '../config/paths';
import { useDocumentTitle } from '../lib/document-title';
import { ButtonLink } from './ui/button';

/** The 404 content of every unknown address: 'This page could not be found' and a link back home. */
export function NotFound() {
  useDocumentTitle('Page not found');
  return (
    <section className="error-panel" aria-labelledby="not-found-title">
      <p className="error-panel__status">404</p>
      <h1 id="not-found-title">This page could not be found</h1>
      <p>
        <ButtonLink to={paths.home} variant="primary">
          Back to the home page
        </ButtonLink>
      </p>
    </section>
  );
}

/**
 * Thrown while a page renders to answer 404 from inside a layout: the root error boundary
 * (app/error-page.tsx) shows the 404 page in the bare layout, as for an unmatched address.
 */
export class PageNotFoundError extends Error {
  readonly status = 404;

  constructor(what = 'This page') {
    super(`${what} could not be found`);
    this.name = 'PageNotFoundError';
  }
}
