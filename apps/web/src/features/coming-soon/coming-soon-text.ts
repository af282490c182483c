import { namespace } from '../../lib/i18n';
import comingSoon from '../../locales/en/comingSoon';

/** The coming-soon pages' texts, through the one i18n library (namespace `comingSoon`). */
export const { useT: useComingSoonT } = namespace('comingSoon', comingSoon);
