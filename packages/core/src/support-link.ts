import { z } from 'zod';
import { isHttpUrl } from './member-rules.js';

export const SUPPORT_URL_MAX = 500;

/** Where a support link may lead: the host and, when given, the path it must start with. */
export const SUPPORT_HOSTS: ReadonlyArray<{ host: string; path?: string; label: string }> = [
  { host: 'ko-fi.com', label: 'Ko-fi' },
  { host: 'patreon.com', label: 'Patreon' },
  { host: 'paypal.me', label: 'PayPal' },
  { host: 'paypal.com', label: 'PayPal' },
  { host: 'github.com', path: '/sponsors/', label: 'GitHub Sponsors' },
];

export const SUPPORT_MESSAGES = {
  invalid:
    'Support link must be an http:// or https:// link to Ko-fi, Patreon, PayPal (paypal.me or paypal.com) or GitHub Sponsors (github.com/sponsors/…)',
  tooLong: `Support link must be at most ${SUPPORT_URL_MAX} characters`,
  saved: 'Support link saved',
  removed: 'Support link removed',
  saveFailed: 'Failed to save the support link',
} as const;

/** The text of a support link: 'Support {author}'. */
export const supportLinkText = (author: string) => `Support ${author}`;

/** The allowed service a link leads to, or null (its host, or a www. subdomain of it). */
export function supportService(value: string): string | null {
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  if (url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const found = SUPPORT_HOSTS.find(
    (h) => h.host === host && (!h.path || (url.pathname.startsWith(h.path) && url.pathname.length > h.path.length)),
  );
  return found?.label ?? null;
}

/** The error of a support link as typed (trimmed; empty removes it), or null when it is fine. */
export function supportUrlError(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  if (v.length > SUPPORT_URL_MAX) return SUPPORT_MESSAGES.tooLong;
  return supportService(v) ? null : SUPPORT_MESSAGES.invalid;
}

/** PUT /members/me/support-link: the link, or '' / null to remove it. */
export const supportLinkRequest = z.object({
  supportUrl: z
    .string({ error: SUPPORT_MESSAGES.invalid })
    .nullable()
    .optional()
    .transform((v) => (v ?? '').trim())
    .superRefine((v, c) => {
      const message = supportUrlError(v);
      if (message) c.addIssue({ code: 'custom', message });
    }),
});
export type SupportLinkRequest = z.input<typeof supportLinkRequest>;
export const supportLinkResponse = z.object({ supportUrl: z.string().nullable() });
