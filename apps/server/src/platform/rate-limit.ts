import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisClientType } from 'redis';
import { tooManyRequests } from './errors.js';

export interface LimitRule {
  points: number;
  durationS: number;
}

/** Named limits, each keyed by IP and by account. */
export type LimitName =
  | 'login'
  | 'register'
  | 'forgot'
  | 'resend'
  | 'provideEmail'
  | 'password'
  | 'twoFactor'
  | 'passkey'
  | 'oauth'
  | 'feedback'
  | 'comment'
  | 'create'
  | 'vote'
  | 'rating'
  | 'compatibility'
  | 'report'
  | 'rep'
  | 'follow'
  | 'publishToken'
  | 'mailToken'
  | 'collection';
export type LimitRules = Record<LimitName, { ip: LimitRule; account: LimitRule }>;

export const DEFAULT_LIMITS: LimitRules = {
  login: { ip: { points: 30, durationS: 900 }, account: { points: 10, durationS: 900 } },
  register: { ip: { points: 10, durationS: 3600 }, account: { points: 3, durationS: 3600 } },
  forgot: { ip: { points: 10, durationS: 3600 }, account: { points: 3, durationS: 900 } },
  resend: { ip: { points: 10, durationS: 3600 }, account: { points: 4, durationS: 900 } },
  provideEmail: { ip: { points: 10, durationS: 3600 }, account: { points: 4, durationS: 900 } },
  /** Every call that checks the current password (change password, change email). */
  password: { ip: { points: 20, durationS: 900 }, account: { points: 5, durationS: 900 } },
  /** Every check of a two-factor code or recovery code (sign-in, turning it on or off). */
  twoFactor: { ip: { points: 30, durationS: 900 }, account: { points: 15, durationS: 900 } },
  /** The passkey calls that make or check a challenge: options to add or sign in, and every check of an answer. */
  passkey: { ip: { points: 60, durationS: 900 }, account: { points: 20, durationS: 900 } },
  /** Every step of a provider sign-in or link: start, the provider's callback (code and token check), completion. */
  oauth: { ip: { points: 60, durationS: 900 }, account: { points: 20, durationS: 900 } },
  feedback: { ip: { points: 20, durationS: 3600 }, account: { points: 10, durationS: 3600 } },
  comment: { ip: { points: 60, durationS: 600 }, account: { points: 20, durationS: 600 } },
  /** New plugins, cars and publish tokens. */
  create: { ip: { points: 30, durationS: 3600 }, account: { points: 15, durationS: 3600 } },
  vote: { ip: { points: 300, durationS: 600 }, account: { points: 120, durationS: 600 } },
  rating: { ip: { points: 200, durationS: 600 }, account: { points: 60, durationS: 600 } },
  /** Compatibility reports given, changed and withdrawn. */
  compatibility: { ip: { points: 200, durationS: 600 }, account: { points: 60, durationS: 600 } },
  report: { ip: { points: 30, durationS: 3600 }, account: { points: 10, durationS: 3600 } },
  /** Giving and taking back reputation. */
  rep: { ip: { points: 120, durationS: 600 }, account: { points: 60, durationS: 600 } },
  /** Following and unfollowing plugins and members. */
  follow: { ip: { points: 300, durationS: 600 }, account: { points: 120, durationS: 600 } },
  /** Every check of a publish token (`bmc_` bearer), good or bad, per address (modules/auth/publish-tokens.ts). */
  publishToken: { ip: { points: 120, durationS: 600 }, account: { points: 120, durationS: 600 } },
  /** Every check of a token sent by email: verifying the address, resetting the password, confirming a new address. */
  mailToken: { ip: { points: 60, durationS: 900 }, account: { points: 20, durationS: 900 } },
  /** Creating, changing and filling collections. */
  collection: { ip: { points: 600, durationS: 600 }, account: { points: 240, durationS: 600 } },
};

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  constructor(
    private readonly rules: LimitRules,
    private readonly redis?: RedisClientType,
    private readonly prefix = 'rl',
  ) {}

  private limiter(name: LimitName, scope: 'ip' | 'account') {
    const id = `${name}:${scope}`;
    let l = this.limiters.get(id);
    if (!l) {
      const rule = this.rules[name][scope];
      const opts = { keyPrefix: `${this.prefix}:${id}`, points: rule.points, duration: rule.durationS };
      // Counted across instances in Redis; while Redis is away, in this instance's memory (degraded, never down).
      l = this.redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: this.redis,
            useRedisPackage: true,
            insuranceLimiter: new RateLimiterMemory(opts),
          })
        : new RateLimiterMemory(opts);
      this.limiters.set(id, l);
    }
    return l;
  }

  /** Spends one point for the IP and, when given, the account; a spent limit answers 429 with Retry-After. */
  async consume(name: LimitName, ip: string, account?: string | null) {
    await this.spend(name, 'ip', ip);
    if (account) await this.spend(name, 'account', account.trim().toLowerCase());
  }

  /**
   * Spends one point for the account only: for a call that spent its address's point with `consume`
   * before it could know the account (a passkey sign-in learns it from the credential's row).
   */
  async consumeAccount(name: LimitName, account: string) {
    await this.spend(name, 'account', account.trim().toLowerCase());
  }

  private async spend(name: LimitName, scope: 'ip' | 'account', key: string) {
    try {
      await this.limiter(name, scope).consume(key);
    } catch (e) {
      if (e instanceof RateLimiterRes) throw tooManyRequests(Math.max(1, Math.ceil(e.msBeforeNext / 1000)));
      throw e;
    }
  }
}
