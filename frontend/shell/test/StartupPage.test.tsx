import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from '../src/App.js';
import { PRODUCT_NAME } from '../src/product.js';

function render(path: string): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('shell placeholder', () => {
  it('renders the startup page at / with a main landmark, heading and API links', () => {
    const html = render('/');
    expect(html).toMatch(/<main[^>]*>/);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${PRODUCT_NAME}</h1>`));
    expect(html).toContain(`${PRODUCT_NAME} is starting up`);
    expect(html).toContain('href="/api/docs"');
    expect(html).toContain('href="/api/health"');
  });

  it('renders Page Not Found for unknown routes', () => {
    const html = render('/no-such-page');
    expect(html).toContain('Page Not Found');
    expect(html).toContain('href="/"');
  });
});
