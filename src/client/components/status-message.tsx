import { toApiFailure } from '../lib/http';
import { Button } from './ui/button';

/** A visible, announced loading indicator (`role="status"`). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="status-message" role="status">
      <span className="spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

/**
 * A failed load: a readable message (from the API's error body when there is one) and a
 * "Try again" button calling `onRetry`.
 */
export function LoadError({
  error,
  onRetry,
  what = 'This page',
}: {
  error: unknown;
  onRetry: () => void;
  what?: string;
}) {
  const failure = toApiFailure(error);
  return (
    <div className="load-error" role="alert">
      <p>
        <strong>{what} could not be loaded.</strong> {failure.message}
      </p>
      <Button type="button" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
