import { useId, useState } from 'react';
import { useLocale } from '../lib/i18n';
import { COMMON_EN, useCommonT } from '../lib/i18n/common';
import { cx, focusRing } from './ui';

const EN = COMMON_EN.starRating;
/** The stars' English names, for tests (shown through the common namespace). */
export const STAR_RATING_TEXT = {
  shown: (value: number) => EN.shown.replace('{value}', value.toFixed(1)),
  rate: (stars: number) => (stars === 1 ? EN.rate_one : EN.rate_other).replace('{count}', String(stars)),
} as const;

/** 4.3 with one decimal, as the reader's language writes it ('4,3' in French). */
function oneDecimal(value: number, locale: string): string {
  if (locale === 'en') return value.toFixed(1);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

const STARS = [1, 2, 3, 4, 5] as const;
const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.85L10 14.9l-5.25 2.75 1-5.85L1.5 7.7l5.9-.9L10 1.5z';

/** The shown number is kept between 0.0 and 5.0 (§5). */
export function clampRating(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(5, Math.max(0, value));
}

const sizes = { sm: 'h-4 w-4', md: 'h-5 w-5', lg: 'h-7 w-7' } as const;

/** One star filled to `fill` (0..1). */
function Star({ fill, size }: { fill: number; size: keyof typeof sizes }) {
  const clip = useId();
  return (
    <svg viewBox="0 0 20 20" className={cx(sizes[size], 'shrink-0')} aria-hidden="true">
      <defs>
        <clipPath id={clip}>
          <rect x="0" y="0" width={20 * fill} height="20" />
        </clipPath>
      </defs>
      <path d={STAR_PATH} className="fill-slate-700" />
      <path d={STAR_PATH} className="fill-amber-400" clipPath={`url(#${clip})`} />
    </svg>
  );
}

export interface StarRatingProps {
  /** The rating shown (partial stars allowed), clamped to 0..5. */
  value: number;
  /** When given, the five stars are buttons that rate 1 to 5. */
  onRate?: (stars: number) => void;
  /** The member's own stars, marked as pressed on the rating buttons. */
  selected?: number | null;
  size?: keyof typeof sizes;
  /** Names the group of rating buttons. */
  label?: string;
  disabled?: boolean;
  className?: string;
}

/**
 * Five stars. Read-only it is one image named 'Rated 4.3 out of 5'; with onRate each star is a
 * button ('Rate 3 stars') that previews its value on hover and focus. While disabled (a rating is
 * being sent) the stars are aria-disabled rather than disabled, so the focused star keeps focus.
 */
export function StarRating({
  value,
  onRate,
  selected = null,
  size = 'md',
  label,
  disabled,
  className,
}: StarRatingProps) {
  const t = useCommonT();
  const locale = useLocale();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? clampRating(value);
  const fillOf = (star: number) => Math.min(1, Math.max(0, shown - (star - 1)));

  if (!onRate) {
    return (
      <span
        role="img"
        aria-label={t('starRating.shown', { value: oneDecimal(clampRating(value), locale) })}
        className={cx('inline-flex items-center gap-0.5', className)}
      >
        {STARS.map((s) => (
          <Star key={s} fill={fillOf(s)} size={size} />
        ))}
      </span>
    );
  }

  return (
    <div
      role="group"
      aria-label={label ?? t('starRating.rating')}
      className={cx('inline-flex items-center', className)}
      onMouseLeave={() => setPreview(null)}
    >
      {STARS.map((s) => (
        <button
          key={s}
          type="button"
          aria-label={t('starRating.rate', { count: s })}
          aria-pressed={selected === s}
          aria-disabled={disabled || undefined}
          onClick={() => {
            if (!disabled) onRate(s);
          }}
          onMouseEnter={() => setPreview(s)}
          onFocus={() => setPreview(s)}
          onBlur={() => setPreview(null)}
          className={cx(
            'rounded p-0.5 transition-transform hover:scale-110 aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
            focusRing,
          )}
        >
          <Star fill={fillOf(s)} size={size} />
        </button>
      ))}
    </div>
  );
}
