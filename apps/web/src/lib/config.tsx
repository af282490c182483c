import { createContext, useContext, type ReactNode } from 'react';
import { api } from './api';

/** Runtime settings served by GET /api/config, fetched once at start-up. */
export interface RuntimeConfig {
  turnstileSiteKey: string | null;
  sentryDsn: string | null;
  environment: string;
  productionHost: string | null;
  adsClient: string | null;
  /** The ADS setting: off, placeholder, or live (real ads on the production host only). */
  ads: AdsSetting;
  supportEmail: string;
  version: string;
}

export const DEFAULT_CONFIG: RuntimeConfig = {
  turnstileSiteKey: null,
  sentryDsn: null,
  environment: 'development',
  productionHost: null,
  adsClient: null,
  ads: 'off',
  supportEmail: '',
  version: '',
};

const CONFIG_TIMEOUT_MS = 8000;

export type AdsSetting = 'off' | 'placeholder' | 'live';

/** The server's ADS setting; anything unknown is off (no slots rather than a wrong kind). */
export function parseAdsSetting(v: unknown): AdsSetting {
  return v === 'placeholder' || v === 'live' ? v : 'off';
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v.trim() ? v : null;
}

function normalise(raw: Record<string, unknown>): RuntimeConfig {
  return {
    turnstileSiteKey: str(raw.turnstileSiteKey),
    sentryDsn: str(raw.sentryDsn),
    environment: str(raw.environment) ?? DEFAULT_CONFIG.environment,
    productionHost: str(raw.productionHost),
    adsClient: str(raw.adsClient),
    ads: parseAdsSetting(raw.ads),
    supportEmail: str(raw.supportEmail) ?? '',
    version: str(raw.version) ?? '',
  };
}

/** The config the server wrote into the page (a JSON data block), or null when there is none. */
export function configFromPage(doc: Document = document): RuntimeConfig | null {
  const text = doc.getElementById('bm-config')?.textContent;
  if (!text) return null;
  try {
    const raw: unknown = JSON.parse(text);
    return raw !== null && typeof raw === 'object' ? normalise(raw as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The runtime config: from the page when the server wrote it there (the first render waits on
 * nothing), else from GET /api/config (the dev server's page has none).
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const inPage = configFromPage();
  if (inPage) return inPage;
  try {
    return normalise(await api.get<Record<string, unknown>>('/config', { auth: false, timeoutMs: CONFIG_TIMEOUT_MS }));
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

/**
 * What an ad slot shows here: nothing (off), a placeholder, or a real ad — only with live ads, an
 * ad account and on the production host (other hosts of a live site show placeholders).
 */
export function adMode(config: RuntimeConfig, hostname = window.location.hostname): AdsSetting {
  if (config.ads === 'off') return 'off';
  if (config.ads === 'live' && config.adsClient && isProductionHost(config, hostname)) return 'live';
  return 'placeholder';
}

/** Real ads and production sampling only on the production host. */
export function isProductionHost(config: RuntimeConfig, hostname = window.location.hostname): boolean {
  return config.productionHost !== null && hostname === config.productionHost;
}
