import { namespace } from '../../../lib/i18n';
import pluginCreate from '../../../locales/en/pluginCreate';

/** The create-plugin form's texts, through the one i18n library (docs/i18n.md). */
export const { useT: usePluginCreateT } = namespace('pluginCreate', pluginCreate);
