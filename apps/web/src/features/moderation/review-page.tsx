import { MODERATION_MESSAGES } from '@bm/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert, LoadingState } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { routeId } from '../../lib/redirect';
import { moderationDetailQuery } from './api';
import { MODERATION_TEXT as T } from './constants';
import { ReviewForm } from './review-form';
import { BackLink } from './review-sections';

export function PluginReviewPage() {
  const id = routeId(useParams().id);
  const q = useQuery({ ...moderationDetailQuery(id ?? 0), enabled: id !== null });
  useDocumentTitle(q.data ? T.review(q.data.name) : T.reviewLoading);

  if (id === null) return <Alert variant="error">{MODERATION_MESSAGES.submissionNotFound}</Alert>;
  if (q.isPending) return <LoadingState text={T.reviewLoading} className="py-10" />;
  if (q.isError)
    return (
      <div className="space-y-4">
        <Alert variant="error">{errorText(q.error, T.reviewFailed)}</Alert>
        <BackLink />
      </div>
    );
  return <ReviewForm key={q.data.id} detail={q.data} />;
}
