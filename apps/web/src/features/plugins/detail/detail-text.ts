import { namespace } from '../../../lib/i18n';
import pluginDetail from '../../../locales/en/pluginDetail';

/** The plugin page's texts, through the one i18n library (docs/i18n.md). */
export const { useT: usePluginDetailT } = namespace('pluginDetail', pluginDetail);
