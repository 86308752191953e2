import type { PublicConfig } from '@coinpace/domain';
import { create } from 'zustand';
import { api } from './api-client.ts';

interface RuntimeConfigState {
  config: PublicConfig | null;
  error: string | null;
}

/** GET /api/config, loaded once at start: identity mode, maintenance flag, site password, price source. */
export const useRuntimeConfig = create<RuntimeConfigState>(() => ({ config: null, error: null }));

export async function loadRuntimeConfig(): Promise<PublicConfig> {
  try {
    const config = await api<PublicConfig>('/api/config', { auth: false });
    useRuntimeConfig.setState({ config, error: null });
    return config;
  } catch (error) {
    useRuntimeConfig.setState({ error: (error as Error).message });
    throw error;
  }
}
