import type { PublicConfig } from '@coinpace/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, type FakeApi } from '../testing/fake-api.ts';
import { loadRuntimeConfig, useRuntimeConfig } from './runtime-config.ts';

type EarlyWindow = { __coinpaceConfig?: Promise<Response> };

const CONFIG = {
  identity: { mode: 'local' },
  maintenanceMode: false,
  sitePasswordRequired: false,
  priceSource: 'simulated',
} as unknown as PublicConfig;

describe('loadRuntimeConfig and the early request of index.html', () => {
  let api: FakeApi;
  beforeEach(() => {
    useRuntimeConfig.setState({ config: null, error: null });
    api = installFakeApi().on('GET', '/api/config', { body: { ...CONFIG, maintenanceMode: true } });
  });
  afterEach(() => {
    delete (window as EarlyWindow).__coinpaceConfig;
    vi.unstubAllGlobals();
  });

  it('takes the config the page already asked for, without asking again', async () => {
    (window as EarlyWindow).__coinpaceConfig = Promise.resolve(new Response(JSON.stringify(CONFIG)));
    await expect(loadRuntimeConfig()).resolves.toEqual(CONFIG);
    expect(useRuntimeConfig.getState().config).toEqual(CONFIG);
    expect(api.calls).toHaveLength(0);
  });

  it('asks again when the early request failed, and reports a failure of that', async () => {
    (window as EarlyWindow).__coinpaceConfig = Promise.reject(new TypeError('Failed to fetch'));
    await expect(loadRuntimeConfig()).resolves.toMatchObject({ maintenanceMode: true });
    expect(api.callsTo('GET', '/api/config')).toHaveLength(1);

    api.on('GET', '/api/config', { status: 503, body: { error: 'Database unavailable' } });
    await expect(loadRuntimeConfig()).rejects.toThrow('Database unavailable');
    expect(useRuntimeConfig.getState().error).toBe('Database unavailable');
  });
});
