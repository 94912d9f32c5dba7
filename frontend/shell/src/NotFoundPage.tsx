import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <main aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page Not Found</h1>
      <p>
        <Link to="/">Return to Home</Link>
      </p>
    </main>
  );
}
