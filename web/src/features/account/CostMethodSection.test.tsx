import type { CostMethod } from '@coinpace/domain';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../testing/fake-api.ts';
import { userView } from '../../testing/users.ts';
import { CostMethodSection } from './CostMethodSection.tsx';

const user = (costMethod: CostMethod) => ({ user: userView({ costMethod }) });

describe('CostMethodSection', () => {
  let api: FakeApi;
  beforeEach(() => {
    api = installFakeApi()
      .on('GET', '/api/users/me', { body: user('average') })
      .on('PATCH', '/api/users/me', { body: user('fifo') });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

  it('shows the saved method as a radio group and saves another one when chosen', async () => {
    render(<CostMethodSection />);
    expect(await screen.findByRole('group', { name: 'Cost method' })).toBeTruthy();
    expect(radio('Average cost').checked).toBe(true);
    expect(radio('First in, first out (FIFO)').checked).toBe(false);
    await act(async () => {
      fireEvent.click(radio('First in, first out (FIFO)'));
    });
    expect(api.callsTo('PATCH', '/api/users/me')[0]!.body).toEqual({ costMethod: 'fifo' });
    expect(radio('First in, first out (FIFO)').checked).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Cost method saved.');
  });

  it('puts the old method back and says why when the save fails', async () => {
    api.on('PATCH', '/api/users/me', { status: 500, body: { error: 'Something went wrong' } });
    render(<CostMethodSection />);
    await screen.findByRole('group', { name: 'Cost method' });
    await act(async () => {
      fireEvent.click(radio('First in, first out (FIFO)'));
    });
    expect(radio('Average cost').checked).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain(
      'Failed to save changes to database: Something went wrong',
    );
  });
});
