/** Previous/Next paging of a list (part 1 §2), with where the reader is: 'Page 2 of 5'. `className` adds to `pager`. */
export function Pager({ label, page, totalPages, onPage, className }: { label: string; page: number; totalPages: number; onPage: (page: number) => void; className?: string }) {
  if (totalPages <= 1) return null;
  return (
    <nav className={className ? `pager ${className}` : 'pager'} aria-label={label}>
      <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button type="button" className="button button-secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
