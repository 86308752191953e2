import type { DisplayCurrency } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { userView } from '../../testing/users.ts';
import { showCurrency, useCurrency } from '../currency/currency-store.ts';
import { DisplayCurrencySection } from './DisplayCurrencySection.tsx';

const user = (displayCurrency: DisplayCurrency) => ({ user: userView({ displayCurrency }) });

describe('DisplayCurrencySection', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi()
      .on('GET', '/api/users/me', { body: user('usd') })
      .on('PATCH', '/api/users/me', { body: user('eur') })
      .on('GET', '/api/prices/rates', { body: { rates: { usd: 1, eur: 0.9 }, updatedAt: null } });
  });
  afterEach(async () => {
    cleanup();
    await showCurrency('usd');
    useCurrency.setState({ rates: { usd: 1 } });
    vi.unstubAllGlobals();
  });

  const select = () => screen.getByLabelText('Currency') as HTMLSelectElement;

  it('shows the saved currency, saves another, and the screens switch to it with its rate', async () => {
    render(<DisplayCurrencySection />);
    await screen.findByLabelText('Currency');
    expect(select().value).toBe('usd');
    expect(select().options).toHaveLength(9);
    await act(async () => {
      fireEvent.change(select(), { target: { value: 'eur' } });
    });
    expect(api.callsTo('PATCH', '/api/users/me')[0]!.body).toEqual({ displayCurrency: 'eur' });
    expect(select().value).toBe('eur');
    expect(screen.getByRole('status').textContent).toBe('Display currency saved.');
    expect(useCurrency.getState()).toMatchObject({ currency: 'eur', rates: { usd: 1, eur: 0.9 } });
  });

  it('says that alerts keep the currency they were set in, and what stays in dollars', async () => {
    render(<DisplayCurrencySection />);
    await screen.findByLabelText('Currency');
    const hint = document.getElementById('display-currency-hint')!.textContent!.replace(/\s+/g, ' ');
    expect(hint).toContain('an alert keeps the currency it was set in');
    expect(hint).toContain('Transactions and plan prices stay in US dollars.');
    expect(hint).not.toMatch(/alerts and plan prices stay in US dollars/i);
  });

  it('puts the old currency back and says why when the save fails', async () => {
    api.on('PATCH', '/api/users/me', { status: 500, body: { error: 'Something went wrong' } });
    render(<DisplayCurrencySection />);
    await screen.findByLabelText('Currency');
    await act(async () => {
      fireEvent.change(select(), { target: { value: 'jpy' } });
    });
    expect(select().value).toBe('usd');
    expect(useCurrency.getState().currency).toBe('usd');
    expect(screen.getByRole('alert').textContent).toContain(
      'Failed to save changes to database: Something went wrong',
    );
  });
});
