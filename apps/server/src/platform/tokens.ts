import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

export const JWT_AUDIENCE = 'bakkes-community';

export interface AccessClaims {
  sub: string;
  sid: string;
  roles: string[];
  is_impersonating: boolean;
  /** The session generation the token was issued for (refresh rotation). */
  gen: number;
  iat: number;
  exp: number;
}

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(input: {
    memberId: number;
    sessionId: string;
    roles: string[];
    impersonating: boolean;
    expiresAt: Date;
    generation?: number;
  }) {
    return new SignJWT({
      roles: input.roles,
      is_impersonating: input.impersonating,
      sid: input.sessionId,
      gen: input.generation ?? 0,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(input.memberId))
      .setIssuedAt()
      .setIssuer(this.issuer)
      .setAudience(JWT_AUDIENCE)
      .setExpirationTime(Math.floor(input.expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The claims of a well-signed, unexpired token of ours, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        audience: JWT_AUDIENCE,
        algorithms: ['HS256'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return {
        sub: payload.sub,
        sid: payload.sid,
        roles: Array.isArray(payload.roles) ? payload.roles.map(String) : [],
        is_impersonating: payload.is_impersonating === true,
        gen: typeof payload.gen === 'number' && Number.isSafeInteger(payload.gen) ? payload.gen : 0,
        iat: payload.iat ?? 0,
        exp: payload.exp ?? 0,
      };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }
}

/** A random single-use token for a mailed link, and the hash that is stored instead of it. */
export function newMailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashMailToken(token) };
}
export const hashMailToken = (token: string) => createHash('sha256').update(token).digest('hex');
