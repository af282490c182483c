import { LOCALE_NAMES, SUPPORTED_LOCALES, isLocale } from '@bm/core';
import { useId } from 'react';
import { changeLocale, useLocale } from '../lib/i18n';
import { cx, focusRing } from './ui';

/**
 * The one language menu (the footer's and Settings → Account's): each language named in itself and
 * marked as such; a choice is kept in the browser and, for a signed-in member, saved to the account by
 * the session (lib/auth/member-locale.ts).
 */
export function LocaleSelect({
  label,
  labelClassName,
  selectClassName,
}: {
  label: string;
  labelClassName: string;
  selectClassName: string;
}) {
  const locale = useLocale();
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void changeLocale(e.target.value, { keep: true });
        }}
        className={cx('rounded-md border border-slate-700 bg-slate-900 text-slate-200', focusRing, selectClassName)}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </>
  );
}
