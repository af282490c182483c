import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';

/**
 * Release webhook secrets at rest: AES-256-GCM under the key derived for this purpose alone
 * (platform/keys.ts webhookSecrets), stored as `v1.<iv>.<tag>.<ciphertext>` (base64url). They are
 * kept sealed, not hashed, because the site signs each delivery with the secret itself.
 */
const key = (ctx: Pick<AppContext, 'config'>) => Buffer.from(ctx.config.keys.webhookSecrets, 'hex');

export function sealWebhookSecret(ctx: Pick<AppContext, 'config'>, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(ctx), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function openWebhookSecret(ctx: Pick<AppContext, 'config'>, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown sealed secret format');
  const decipher = createDecipheriv('aes-256-gcm', key(ctx), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A new secret when the administrator gives none: 32 random bytes, hex. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('hex')}`;
