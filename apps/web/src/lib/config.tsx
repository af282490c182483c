import { createContext, useContext, type ReactNode } from 'react';
import { api } from './api';

/** Runtime settings served by GET /api/config, fetched once at start-up. */
export interface RuntimeConfig {
  turnstileSiteKey: string | null;
  sentryDsn: string | null;
  environment: string;
  productionHost: string | null;
  adsClient: string | null;
  supportEmail: string;
  version: string;
}

export const DEFAULT_CONFIG: RuntimeConfig = {
  turnstileSiteKey: null,
  sentryDsn: null,
  environment: 'development',
  productionHost: null,
  adsClient: null,
  supportEmail: '',
  version: '',
};

const CONFIG_TIMEOUT_MS = 8000;

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const raw = await api.get<Record<string, unknown>>('/config', { auth: false, timeoutMs: CONFIG_TIMEOUT_MS });
    return {
      turnstileSiteKey: str(raw.turnstileSiteKey),
      sentryDsn: str(raw.sentryDsn),
      environment: str(raw.environment) ?? DEFAULT_CONFIG.environment,
      productionHost: str(raw.productionHost),
      adsClient: str(raw.adsClient),
      supportEmail: str(raw.supportEmail) ?? '',
      version: str(raw.version) ?? '',
    };
  } catch {
    // The site still runs: no bot check widget, no error reporting, placeholder ads.
    return DEFAULT_CONFIG;
  }
}

const ConfigContext = createContext<RuntimeConfig>(DEFAULT_CONFIG);

export function ConfigProvider({ value, children }: { value: RuntimeConfig; children: ReactNode }) {
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>;
}

export function useConfig(): RuntimeConfig {
  return useContext(ConfigContext);
}

/** Real ads and production sampling only on the production host. */
export function isProductionHost(config: RuntimeConfig, hostname = window.location.hostname): boolean {
  return config.productionHost !== null && hostname === config.productionHost;
}
