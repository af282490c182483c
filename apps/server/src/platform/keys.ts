import { hkdfSync } from 'node:crypto';

/**
 * One key per purpose. The session tokens (JWT) and the builder's webhooks have settings of their
 * own (JWT_SECRET, BUILD_WEBHOOK_SECRET); the purposes below have none, so each gets a key derived
 * from JWT_SECRET with HKDF-SHA256 under its own label: a value signed for one purpose never checks
 * out for another, and none of them is the JWT key itself.
 */
export interface DerivedKeys {
  /** Expiring links to private files (platform/signed-urls.ts). */
  signedFiles: string;
  /** Email unsubscribe links (modules/notifications/unsubscribe.ts). */
  unsubscribe: string;
  /** Keyed hashes of anonymous visitors for view, download and copy counts (platform/visitor.ts). */
  visitor: string;
  /** Encrypts members' authenticator (TOTP) secrets at rest (modules/auth/two-factor-secrets.ts). */
  twoFactor: string;
  /** Encrypts release webhook endpoints' secrets at rest (modules/webhooks/secrets.ts). */
  webhookSecrets: string;
}

const LABELS: Record<keyof DerivedKeys, string> = {
  signedFiles: 'bakkesmod-community/signed-files',
  unsubscribe: 'bakkesmod-community/unsubscribe',
  visitor: 'bakkesmod-community/visitor',
  twoFactor: 'bakkesmod-community/two-factor-secrets',
  webhookSecrets: 'bakkesmod-community/webhook-secrets',
};

export function deriveKeys(secret: string): DerivedKeys {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', secret, '', label, 32)).toString('hex');
  return {
    signedFiles: derive(LABELS.signedFiles),
    unsubscribe: derive(LABELS.unsubscribe),
    visitor: derive(LABELS.visitor),
    twoFactor: derive(LABELS.twoFactor),
    webhookSecrets: derive(LABELS.webhookSecrets),
  };
}
