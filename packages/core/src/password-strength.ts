export type StrengthLabel = 'Weak' | 'Fair' | 'Good' | 'Strong' | 'Very Strong';

/** One point each: length >= 8, length >= 12, mixed case, a digit, a symbol. */
export function passwordStrengthScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (/[a-z]/.test(password) && /[A-Z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

export function passwordStrengthLabel(score: number): StrengthLabel {
  if (score <= 1) return 'Weak';
  if (score === 2) return 'Fair';
  if (score === 3) return 'Good';
  if (score === 4) return 'Strong';
  return 'Very Strong';
}

/** The meter appears once the password has at least this many characters. */
export const STRENGTH_METER_MIN_LENGTH = 6;
