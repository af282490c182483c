import { LocaleSelect } from '../../components/locale-select';
import { useShellT } from './shell-text';

/** The footer's language menu: works signed out (kept in local storage) and signed in (saved to the account). */
export function LanguageSwitcher() {
  const t = useShellT();
  return (
    <div className="flex items-center gap-2 text-sm">
      <LocaleSelect label={t('footer.language')} labelClassName="text-slate-300" selectClassName="px-2 py-1" />
    </div>
  );
}
