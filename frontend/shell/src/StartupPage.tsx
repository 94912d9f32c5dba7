import { PRODUCT_NAME } from './product.js';

/** Placeholder home page shown until the real shell (routes, layout, remotes) lands. */
export function StartupPage() {
  return (
    <main className="startup" aria-labelledby="startup-title">
      <h1 id="startup-title">{PRODUCT_NAME}</h1>
      <p>{`${PRODUCT_NAME} is starting up. The full application will appear here soon.`}</p>
      <nav aria-label="Service links">
        <ul>
          <li>
            <a href="/api/docs">API documentation</a>
          </li>
          <li>
            <a href="/api/health">Service health</a>
          </li>
        </ul>
      </nav>
    </main>
  );
}
