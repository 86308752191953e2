import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useRoutes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from './features/auth/auth-store.ts';
import { appRoutes, isRouteLoaded, preloadOnIntent, preloadRoute } from './routes.tsx';

afterEach(cleanup);

function AppRoutes() {
  return useRoutes(appRoutes);
}

describe('routes', () => {
  it('shows a screen whose code has arrived in the first render, with no loading spinner', async () => {
    useAuth.setState({ status: 'loading', mode: 'local', user: null, error: null });
    await preloadRoute('/sso-callback');
    expect(isRouteLoaded('/sso-callback')).toBe(true);

    render(
      <MemoryRouter initialEntries={['/sso-callback']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toBe('Completing sign in...');
  });

  it.each([
    ['the pointer is over', '/confirm-email', (link: HTMLElement) => fireEvent.pointerOver(link)],
    ['keyboard focus is on', '/beta-sign-up', (link: HTMLElement) => link.focus()],
  ])("starts loading a page's code when %s a link to it", async (_, path, intend) => {
    const stop = preloadOnIntent(document);
    try {
      render(
        <p>
          <a href={`${window.location.origin}${path}`}>Go</a>
        </p>,
      );
      expect(isRouteLoaded(path)).toBe(false);
      intend(screen.getByRole('link', { name: 'Go' }));
      await vi.waitFor(() => expect(isRouteLoaded(path)).toBe(true));
    } finally {
      stop();
    }
  });

  it('loads the sign-in dialog when the hash asks for it, and renders none without', async () => {
    useAuth.setState({ status: 'signedOut', mode: 'local', user: null, error: null });
    const { unmount } = render(
      <MemoryRouter initialEntries={['/confirm-email']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.queryByText('Sign in to Coinpace')).toBeNull();
    unmount();

    render(
      <MemoryRouter initialEntries={['/confirm-email#sign-in']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Sign in to Coinpace')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeTruthy();
  });

  it('has no screens to load for a path whose first segment is no route of its own', async () => {
    expect(isRouteLoaded('/constructor')).toBe(true);
    await expect(preloadRoute('/constructor')).resolves.toBeUndefined();
  });
});
