import { AUTH_MESSAGES } from '@bm/core';
import { namespace } from '../../lib/i18n';
import feedback from '../../locales/en/feedback';

/** The feedback button's and dialog's texts, through the one i18n library (namespace `feedback`). */
export const { useT: useFeedbackT } = namespace('feedback', feedback);

/** A failed sending's text (core's, or the server's) in the reader's language when the catalogue knows it. */
export function useFeedbackError(): (text: string) => string {
  const t = useFeedbackT();
  return (text) => {
    if (text === AUTH_MESSAGES.feedbackFailed) return t('failed');
    if (text === AUTH_MESSAGES.tooManyRequests) return t('tooManyRequests');
    return text;
  };
}
