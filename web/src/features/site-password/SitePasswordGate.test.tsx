import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { SitePasswordGate } from './SitePasswordGate.tsx';
import { initSitePassword, lockSite, useSitePassword, whenSiteUnlocked } from './site-password-store.ts';

beforeEach(() => {
  sessionStorage.clear();
});
afterEach(cleanup);

describe('SitePasswordGate', () => {
  it('shows the site when no password is required', () => {
    initSitePassword({ sitePasswordRequired: false });
    render(<SitePasswordGate>the site</SitePasswordGate>);
    expect(screen.getByText('the site')).toBeTruthy();
  });

  it('shows the site when this tab already holds a password', () => {
    sessionStorage.setItem(STORAGE_KEYS.sitePassword, 'kept');
    initSitePassword({ sitePasswordRequired: true });
    render(<SitePasswordGate>the site</SitePasswordGate>);
    expect(screen.getByText('the site')).toBeTruthy();
  });

  it('keeps submit disabled while the password is blank', () => {
    initSitePassword({ sitePasswordRequired: true });
    render(<SitePasswordGate>the site</SitePasswordGate>);
    expect(screen.queryByText('the site')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Enter' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Site password'), { target: { value: 'secret' } });
    expect(submit.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Site password'), { target: { value: '' } });
    expect(submit.disabled).toBe(true);
  });

  it("says 'Connection error' when the server cannot be reached", async () => {
    // Port 9 (discard) on loopback refuses the connection: a real network failure, no stub.
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('http://127.0.0.1:9/');
    initSitePassword({ sitePasswordRequired: true });
    render(<SitePasswordGate>the site</SitePasswordGate>);
    fireEvent.change(screen.getByLabelText('Site password'), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enter' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Connection error'));
    expect(sessionStorage.getItem(STORAGE_KEYS.sitePassword)).toBeNull();
  });

  it('locks again when the server refuses the kept password', () => {
    sessionStorage.setItem(STORAGE_KEYS.sitePassword, 'old');
    initSitePassword({ sitePasswordRequired: true });
    expect(useSitePassword.getState().status).toBe('unlocked');
    lockSite();
    expect(useSitePassword.getState().status).toBe('locked');
    expect(sessionStorage.getItem(STORAGE_KEYS.sitePassword)).toBeNull();
  });
});

describe('whenSiteUnlocked', () => {
  it('starts at once when the site is open, and only after unlocking when it is locked', () => {
    initSitePassword({ sitePasswordRequired: false });
    let open = 0;
    whenSiteUnlocked(() => (open += 1));
    expect(open).toBe(1);

    initSitePassword({ sitePasswordRequired: true });
    let locked = 0;
    whenSiteUnlocked(() => (locked += 1));
    expect(locked).toBe(0);
    useSitePassword.setState({ status: 'unlocked' });
    expect(locked).toBe(1);
    lockSite();
    useSitePassword.setState({ status: 'unlocked' });
    expect(locked).toBe(1);
  });
});
