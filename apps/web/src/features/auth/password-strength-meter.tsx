import { passwordStrengthLabel, passwordStrengthScore, STRENGTH_METER_MIN_LENGTH } from '@bm/core';
import { cx } from '../../components/ui';
import { STRENGTH_KEYS, useAuthT } from './auth-text';

const colours = ['bg-rose-500', 'bg-rose-500', 'bg-amber-500', 'bg-yellow-400', 'bg-emerald-500', 'bg-emerald-400'];

/** Shown once the password has 6 characters; score and labels from @bm/core. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const t = useAuthT();
  if (password.length < STRENGTH_METER_MIN_LENGTH) return null;
  const score = passwordStrengthScore(password);
  const label = passwordStrengthLabel(score);
  return (
    <div className="space-y-1" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((i) => (
          <span key={i} className={cx('h-1.5 flex-1 rounded-full', i <= score ? colours[score] : 'bg-slate-700')} />
        ))}
      </div>
      <p className="text-xs text-slate-300" aria-live="polite">
        {t('register.strength')}: <span className="font-semibold">{t(STRENGTH_KEYS[label])}</span>
      </p>
    </div>
  );
}
