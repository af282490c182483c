import { namespace } from '../../lib/i18n';
import home from '../../locales/en/home';

/** The home page's texts, through the one i18n library. */
export const { useT: useHomeT } = namespace('home', home);
