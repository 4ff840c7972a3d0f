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
      <button type="button" className="button" disabled={!hasPrevious} onClick={onPrevious}>
        Previous page
      </button>
      <button type="button" className="button" disabled={!hasNext} onClick={onNext}>
        Next page
      </button>
    </nav>
  );
}
