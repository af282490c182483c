import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import { openWith, sealWith } from '../../platform/sealed.js';

/**
 * Release webhook secrets at rest, sealed (platform/sealed.ts) under the key derived for this
 * purpose alone (platform/keys.ts webhookSecrets). They are kept sealed, not hashed, because the
 * site signs each delivery with the secret itself.
 */
export const sealWebhookSecret = (ctx: Pick<AppContext, 'config'>, secret: string): string =>
  sealWith(ctx.config.keys.webhookSecrets, secret);

export const openWebhookSecret = (ctx: Pick<AppContext, 'config'>, sealed: string): string =>
  openWith(ctx.config.keys.webhookSecrets, sealed);

/** A new secret when the administrator gives none: 32 random bytes, hex. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;
