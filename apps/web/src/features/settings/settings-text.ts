import { namespace } from '../../lib/i18n';
import settings from '../../locales/en/settings';

/** The settings texts converted so far (the language choice), through the one i18n library. */
export const { useT: useSettingsT } = namespace('settings', settings);
export const SETTINGS_EN = settings;
