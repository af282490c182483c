import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES, COMMENT_MIN_LENGTH, commentBodyError } from '@bm/core';
import { usePluginDetailT } from './detail-text';

/** Core's check of a comment's text (commentBodyError), its message in the reader's language; null when fine. */
export function useCommentBodyError(): (text: string) => string | null {
  const t = usePluginDetailT();
  return (text) => {
    const problem = commentBodyError(text);
    if (problem === COMMENT_MESSAGES.empty) return t('comments.bodyEmpty');
    if (problem === COMMENT_MESSAGES.tooShort) return t('comments.bodyTooShort', { min: COMMENT_MIN_LENGTH });
    if (problem === COMMENT_MESSAGES.tooLong) return t('comments.bodyTooLong', { max: COMMENT_MAX_LENGTH });
    return problem;
  };
}
