import type { PluginDisplayStatus } from '@bm/core';
import { namespace } from '../../lib/i18n';
import dashboard from '../../locales/en/dashboard';

/** The dashboard's texts, through the one i18n library (namespace `dashboard`, docs/i18n.md). */
export const { useT: useDashboardT, fixedT: dashboardT } = namespace('dashboard', dashboard);

/** Core's plugin statuses by their catalogue key. */
export const STATUS_KEYS = {
  Published: 'badge.status.Published',
  Pending: 'badge.status.Pending',
  Draft: 'badge.status.Draft',
} as const satisfies Record<PluginDisplayStatus, string>;
