import type { Algorithm } from '@node-rs/argon2';

/** The native module is loaded with the first password, not at start. */
let loading: Promise<typeof import('@node-rs/argon2')> | undefined;
const argon2 = () => (loading ??= import('@node-rs/argon2'));

/** argon2id (the library's const enum value 2), with OWASP's minimum memory and time costs. */
const OPTIONS = { algorithm: 2 as Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = async (password: string) => (await argon2()).hash(password, OPTIONS);

/** False for a member without a password (signed up through a provider). */
export async function verifyPassword(hashed: string | null, password: string): Promise<boolean> {
  if (hashed === null) return false;
  try {
    return await (await argon2()).verify(hashed, password);
  } catch {
    return false;
  }
}
