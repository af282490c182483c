import { LocaleSelect } from '../../components/locale-select';
import { SectionCard } from './section-card';
import { useSettingsT } from './settings-text';

/**
 * Settings → Account: the member's language. Switching keeps it in the browser and, through the
 * session (lib/auth/member-locale.ts), saves it to the account, as the footer's switcher does.
 */
export function LanguageSettings() {
  const t = useSettingsT();
  return (
    <SectionCard title={t('language.title')} intro={t('language.intro')}>
      <LocaleSelect
        label={t('language.label')}
        labelClassName="mb-1 block text-sm font-medium text-slate-300"
        selectClassName="px-3 py-2"
      />
    </SectionCard>
  );
}
