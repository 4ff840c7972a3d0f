import { Button } from '../../../components/ui';

/** "Previous page" / "Next page" buttons of a keyset-paged list. */
export function Pager({
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  if (!hasPrevious && !hasNext) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <Button type="button" disabled={!hasPrevious} onClick={onPrevious}>
        Previous page
      </Button>
      <Button type="button" disabled={!hasNext} onClick={onNext}>
        Next page
      </Button>
    </nav>
  );
}
