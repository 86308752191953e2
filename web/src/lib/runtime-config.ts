import type { PublicConfig } from '@coinpace/domain';
import { create } from 'zustand';
import { api } from './api-client.ts';

interface RuntimeConfigState {
  config: PublicConfig | null;
  error: string | null;
}

/**
 * GET /api/config, loaded once at start: identity mode, maintenance flag, site password, price source.
 * The page asks for it in index.html already; `loadRuntimeConfig` takes that answer when it came.
 */
export const useRuntimeConfig = create<RuntimeConfigState>(() => ({ config: null, error: null }));

/** The request index.html starts before the scripts load, taken once. */
function takeEarlyRequest(): Promise<Response> | undefined {
  const holder = window as { __coinpaceConfig?: Promise<Response> };
  const early = holder.__coinpaceConfig;
  delete holder.__coinpaceConfig;
  return early;
}

/** The early request's config when it got one; anything else is left to a fresh request. */
async function earlyConfig(): Promise<PublicConfig | null> {
  try {
    const response = await takeEarlyRequest();
    return response?.ok ? ((await response.json()) as PublicConfig) : null;
  } catch {
    return null;
  }
}

export async function loadRuntimeConfig(): Promise<PublicConfig> {
  try {
    const config = (await earlyConfig()) ?? (await api<PublicConfig>('/api/config', { auth: false }));
    useRuntimeConfig.setState({ config, error: null });
    return config;
  } catch (error) {
    useRuntimeConfig.setState({ error: (error as Error).message });
    throw error;
  }
}
