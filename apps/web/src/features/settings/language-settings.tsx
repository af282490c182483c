import { LOCALE_NAMES, SUPPORTED_LOCALES, isLocale } from '@bm/core';
import { useId } from 'react';
import { cx, focusRing } from '../../components/ui';
import { changeLocale, useLocale } from '../../lib/i18n';
import { SectionCard } from './section-card';
import { useSettingsT } from './settings-text';

/**
 * Settings → Account: the member's language. Switching keeps it in the browser and, through the
 * session (lib/auth/member-locale.ts), saves it to the account, as the footer's switcher does.
 */
export function LanguageSettings() {
  const t = useSettingsT();
  const locale = useLocale();
  const id = useId();
  return (
    <SectionCard title={t('language.title')} intro={t('language.intro')}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-300">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void changeLocale(e.target.value, { keep: true });
        }}
        className={cx('rounded-md border border-slate-700 bg-slate-900 px-3 py-2 text-slate-200', focusRing)}
      >
        {SUPPORTED_LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </SectionCard>
  );
}
