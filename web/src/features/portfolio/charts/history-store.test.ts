import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../../../testing/fake-api.ts';
import { resetPortfolioFeature } from '../testing.ts';
import { loadHistory, useHistory } from './history-store.ts';

const history = (range: string) => ({ range, from: 0, to: 1, stepMs: 1, holdings: 1, points: [] });

describe('loadHistory', () => {
  let api: FakeApi;
  beforeEach(() => {
    resetPortfolioFeature();
    api = installFakeApi();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('loads the chosen range and keeps it for the next load', async () => {
    api.on('GET', '/api/portfolio/history', ({ query }) => ({ body: history(query.get('range')!) }));
    await loadHistory('30d');
    expect(useHistory.getState()).toMatchObject({ range: '30d', status: 'ready', data: { range: '30d' } });
    await loadHistory();
    expect(api.calls.map((c) => c.query.get('range'))).toEqual(['30d', '30d']);
  });

  it('lets the newest request win over a slower older one', async () => {
    let releaseSlow: () => void = () => {};
    api.on('GET', '/api/portfolio/history', ({ query }) =>
      query.get('range') === '7d'
        ? new Promise((resolve) => (releaseSlow = () => resolve({ body: history('7d') })))
        : { body: history('30d') },
    );
    const slow = loadHistory('7d');
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    await loadHistory('30d');
    releaseSlow();
    await slow;
    expect(useHistory.getState()).toMatchObject({ range: '30d', data: { range: '30d' } });
  });

  it('keeps the error message', async () => {
    api.on('GET', '/api/portfolio/history', { status: 400, body: { error: 'range must be 7d or 30d' } });
    await loadHistory('7d');
    expect(useHistory.getState()).toMatchObject({ status: 'error', error: 'range must be 7d or 30d' });
  });
});
