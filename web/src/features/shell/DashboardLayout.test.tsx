import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuth } from '../auth/auth-store.ts';
import { DashboardLayout } from './DashboardLayout.tsx';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderShell(path = '/dashboard/portfolio') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard" element={<DashboardLayout />}>
          <Route path="*" element={<Where />} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const accountButton = () => screen.getByRole('button', { name: 'Account menu' });
const focused = () => document.activeElement;
const key = (target: Element | null, name: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target ?? document.body, { key: name, ...init });

beforeEach(() => {
  useAuth.setState({
    status: 'signedIn',
    mode: 'local',
    user: { id: null, clerkId: 'local_1', email: 'ada@example.test', firstName: 'Ada' },
    error: null,
  });
});
afterEach(cleanup);

describe('user menu', () => {
  it('opens on the first item from the keyboard and moves with the arrow keys, wrapping', () => {
    renderShell();
    accountButton().focus();
    key(accountButton(), 'ArrowDown');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['My Account', 'Sign out']);
    expect(accountButton().getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe(items[0]);
    key(focused(), 'ArrowDown');
    expect(focused()).toBe(items[1]);
    key(focused(), 'ArrowDown');
    expect(focused()).toBe(items[0]);
    key(focused(), 'ArrowUp');
    expect(focused()).toBe(items[1]);
    key(focused(), 'Home');
    expect(focused()).toBe(items[0]);
    key(focused(), 'End');
    expect(focused()).toBe(items[1]);
  });

  it('opens on the last item with ArrowUp, and on the first with Enter or Space (a button click)', () => {
    renderShell();
    key(accountButton(), 'ArrowUp');
    expect(focused()?.textContent).toBe('Sign out');
    key(focused(), 'Escape');
    // Enter and Space on a <button> are its click.
    fireEvent.click(accountButton());
    expect(focused()?.textContent).toBe('My Account');
  });

  it('closes on Escape and gives focus back to the button', () => {
    renderShell();
    fireEvent.click(accountButton());
    expect(screen.getByRole('menu')).toBeTruthy();
    key(focused(), 'Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(accountButton().getAttribute('aria-expanded')).toBe('false');
    expect(focused()).toBe(accountButton());
  });

  it('closes when focus tabs out of it or a press lands outside', () => {
    renderShell();
    fireEvent.click(accountButton());
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.blur(screen.getAllByRole('menuitem')[1]!, { relatedTarget: hamburger });
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(accountButton());
    fireEvent.pointerDown(screen.getByTestId('where'));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("goes to the account page under the shell's prefix", () => {
    renderShell('/dashboard/portfolio');
    fireEvent.click(accountButton());
    fireEvent.click(screen.getByRole('menuitem', { name: 'My Account' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/account');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('mobile menu', () => {
  const nav = () => document.getElementById('mobile-nav')!;
  const links = () => [...nav().querySelectorAll('a')];

  it('opens on its first link, moves with the arrow keys, and closes on Escape back to the button', () => {
    renderShell();
    const hamburger = screen.getByRole('button', { name: 'Open menu' });
    expect(nav().hidden).toBe(true);
    fireEvent.click(hamburger);
    expect(nav().hidden).toBe(false);
    expect(hamburger.getAttribute('aria-expanded')).toBe('true');
    expect(hamburger.getAttribute('aria-label')).toBe('Close menu');
    expect(links().map((a) => a.textContent)).toEqual(['Portfolio', 'Alerts', 'Wallets', 'My Account']);
    expect(focused()).toBe(links()[0]);
    key(focused(), 'ArrowDown');
    expect(focused()).toBe(links()[1]);
    key(focused(), 'Escape');
    expect(nav().hidden).toBe(true);
    expect(focused()).toBe(hamburger);
  });

  it('opens from the keyboard with ArrowDown and closes when a link is chosen', () => {
    renderShell();
    key(screen.getByRole('button', { name: 'Open menu' }), 'ArrowDown');
    expect(nav().hidden).toBe(false);
    fireEvent.click(links()[1]!);
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/alerts');
    expect(nav().hidden).toBe(true);
  });
});

describe('navigation', () => {
  it('reaches the Wallets screen from the top bar and the phone menu', () => {
    renderShell();
    const main = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    fireEvent.click(within(main).getByRole('link', { name: 'Wallets' }));
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/wallets');
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const phone = document.getElementById('mobile-nav')!;
    expect(within(phone).getByRole('link', { name: 'Wallets' }).getAttribute('href')).toBe(
      '/dashboard/wallets',
    );
  });
});
