import type { AppContext } from '../../context.js';
import { openWith, sealWith } from '../../platform/sealed.js';

/**
 * Authenticator secrets at rest, sealed (platform/sealed.ts) under the key derived for this purpose
 * alone (platform/keys.ts twoFactor).
 */
export const sealSecret = (ctx: Pick<AppContext, 'config'>, secret: string): string =>
  sealWith(ctx.config.keys.twoFactor, secret);

export const openSecret = (ctx: Pick<AppContext, 'config'>, sealed: string): string =>
  openWith(ctx.config.keys.twoFactor, sealed);
