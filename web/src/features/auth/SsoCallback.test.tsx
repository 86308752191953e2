import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SsoCallback } from './SsoCallback.tsx';
import { useAuth } from './auth-store.ts';

afterEach(cleanup);

describe('SsoCallback', () => {
  it("shows 'Completing sign in...' with a spinner, then goes to the portfolio once signed in", async () => {
    useAuth.setState({ status: 'loading', mode: 'local', user: null, error: null });
    const router = createMemoryRouter(
      [
        { path: '/sso-callback', element: <SsoCallback /> },
        { path: '/portfolio', element: <p>portfolio</p> },
      ],
      { initialEntries: ['/sso-callback'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    expect(screen.getByRole('status').textContent).toBe('Completing sign in...');
    expect(container.querySelector('.spinner')).not.toBeNull();

    await act(async () => {
      useAuth.setState({
        status: 'signedIn',
        user: { id: 'u1', clerkId: 'local_1', email: null, firstName: null },
      });
    });
    expect(router.state.location.pathname).toBe('/portfolio');
    expect(screen.getByText('portfolio')).toBeTruthy();
  });
});
