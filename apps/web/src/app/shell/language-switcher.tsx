import { LOCALE_NAMES, SUPPORTED_LOCALES, isLocale } from '@bm/core';
import { useId } from 'react';
import { cx, focusRing } from '../../components/ui';
import { changeLocale, useLocale } from '../../lib/i18n';
import { useShellT } from './shell-text';

/**
 * The footer's language menu: works signed out (kept in local storage) and signed in (the session
 * also saves it to the member's settings). Each language is named in itself, and marked as such.
 */
export function LanguageSwitcher() {
  const t = useShellT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-300">
        {t('footer.language')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void changeLocale(e.target.value, { keep: true });
        }}
        className={cx('rounded-md border border-slate-700 bg-slate-900 px-2 py-1 text-slate-200', focusRing)}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
