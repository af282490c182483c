import type { LimitRules } from './rate-limit.js';

/** The same limits with every allowance multiplied by the factor (at least one point each). */
export function scaleLimits(rules: LimitRules, factor: number): LimitRules {
  if (factor === 1) return rules;
  return Object.fromEntries(
    Object.entries(rules).map(([name, r]) => [
      name,
      {
        ip: { ...r.ip, points: Math.max(1, Math.round(r.ip.points * factor)) },
        account: { ...r.account, points: Math.max(1, Math.round(r.account.points * factor)) },
      },
    ]),
  ) as LimitRules;
}
