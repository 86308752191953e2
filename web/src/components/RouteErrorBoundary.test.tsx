import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_ERROR_TEXTS, RouteErrorBoundary } from './RouteErrorBoundary.tsx';

afterEach(cleanup);

let failWith: Error | null = null;
function Page() {
  if (failWith) throw failWith;
  return <h1>Alerts</h1>;
}

describe('RouteErrorBoundary', () => {
  it('shows the failed page as a message with Retry, and the page once Retry succeeds', () => {
    // React reports the caught error on the console; the boundary is what is under test.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      failWith = new Error('Unable to preload CSS for http://localhost/assets/AlertsPage-1.css');
      let retries = 0;
      render(
        <main>
          <nav>Portfolio</nav>
          <RouteErrorBoundary onRetry={() => (retries += 1)}>
            <Page />
          </RouteErrorBoundary>
        </main>,
      );
      expect(screen.getByRole('alert').textContent).toContain(ROUTE_ERROR_TEXTS.chunk);
      expect(screen.getByText('Portfolio')).toBeTruthy();

      failWith = null;
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(retries).toBe(1);
      expect(screen.getByRole('heading', { name: 'Alerts' })).toBeTruthy();
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });

  it('says something else went wrong for an error that is not a failed load, and clears on another path', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      failWith = new TypeError("Cannot read properties of undefined (reading 'id')");
      const { rerender } = render(
        <RouteErrorBoundary resetKey="/alerts">
          <Page />
        </RouteErrorBoundary>,
      );
      expect(screen.getByRole('alert').textContent).toContain(ROUTE_ERROR_TEXTS.other);
      failWith = null;
      rerender(
        <RouteErrorBoundary resetKey="/wallets">
          <Page />
        </RouteErrorBoundary>,
      );
      expect(screen.getByRole('heading', { name: 'Alerts' })).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });
});
