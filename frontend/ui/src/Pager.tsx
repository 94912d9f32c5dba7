/** Previous / Page N of M / Next under a paged list; nothing when it fits on one page. `label` names the pages (e.g. "Pages of posts"). */
export function Pager({ label, page, totalPages, onPage }: { label: string; page: number; totalPages: number; onPage: (page: number) => void }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {totalPages}
      </span>
      <button type="button" className="button button-secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
