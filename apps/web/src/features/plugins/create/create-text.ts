import { PLUGIN_DESCRIPTION_MAX, PLUGIN_MESSAGES, PLUGIN_NAME_MAX, PLUGIN_SHORT_DESCRIPTION_MAX } from '@bm/core';
import { namespace } from '../../../lib/i18n';
import pluginCreate from '../../../locales/en/pluginCreate';

/** The create-plugin form's texts, through the one i18n library (docs/i18n.md). */
export const { useT: usePluginCreateT } = namespace('pluginCreate', pluginCreate);

/**
 * Core's plugin field messages (PLUGIN_MESSAGES) in the reader's language, any other message as it is:
 * the create form's and the manage page's details.
 */
export function useCoreMessage(): (message: string) => string {
  const t = usePluginCreateT();
  return (message) => {
    switch (message) {
      case PLUGIN_MESSAGES.nameRequired:
        return t('errors.nameRequired');
      case PLUGIN_MESSAGES.nameTooLong:
        return t('errors.nameTooLong', { max: PLUGIN_NAME_MAX });
      case PLUGIN_MESSAGES.shortDescriptionTooLong:
        return t('errors.shortDescriptionTooLong', { max: PLUGIN_SHORT_DESCRIPTION_MAX });
      case PLUGIN_MESSAGES.descriptionTooLong:
        return t('errors.descriptionTooLong', { max: PLUGIN_DESCRIPTION_MAX });
      case PLUGIN_MESSAGES.homepageInvalid:
        return t('errors.homepageInvalid');
      case PLUGIN_MESSAGES.sourceCodeUrlInvalid:
        return t('errors.sourceCodeUrlInvalid');
      default:
        return message;
    }
  };
}
