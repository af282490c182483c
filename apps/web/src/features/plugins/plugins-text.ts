import { namespace } from '../../lib/i18n';
import plugins from '../../locales/en/plugins';

/** The plugin list's, the cards' and the compatibility texts, through the one i18n library (docs/i18n.md). */
export const { useT: usePluginsT, fixedT: pluginsT } = namespace('plugins', plugins);
