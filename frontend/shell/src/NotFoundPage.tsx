import { EmptyState } from '@planner/ui/empty-state';
import { Link } from 'react-router-dom';

/** Part 1 §2: 'Page Not Found' with Return to Home (/), in the layout, saying what to do next. */
export function NotFoundPage() {
  return (
    <main className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page Not Found</h1>
      <EmptyState
        title="This address leads nowhere"
        action={<Link to="/" className="button">Return to Home</Link>}
      >
        The link may be mistyped or the page may have moved. Start again from the home page, or use the menu.
      </EmptyState>
    </main>
  );
}
