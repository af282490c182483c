import * as OTPAuth from 'otpauth';

/** Test helpers for two-factor: codes computed with the same library as the server, from the setup secret. */
export const codeAt = (secret: string, offsetSteps = 0) =>
  OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** A six-digit code that is none of the codes accepted now (one step either side). */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((o) => codeAt(secret, o)));
  for (let n = 123456; ; n = (n + 111_111) % 1_000_000) {
    const c = String(n).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}

/** Waits out the last seconds of a time step, so that a sequence of codes all falls in one step's window. */
export async function awayFromStepEdge(marginS = 4) {
  const left = 30 - ((Date.now() / 1000) % 30);
  if (left < marginS) await new Promise((r) => setTimeout(r, left * 1000 + 300));
}
