import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert, LoadingState } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/api';
import { routeId } from '../../lib/redirect';
import { moderationDetailQuery } from './api';
import { moderationMessage, useModerationT } from './moderation-text';
import { ReviewForm } from './review-form';
import { BackLink } from './review-sections';

export function PluginReviewPage() {
  const t = useModerationT();
  const id = routeId(useParams().id);
  const q = useQuery({ ...moderationDetailQuery(id ?? 0), enabled: id !== null });
  useDocumentTitle(q.data ? t('review.title', { name: q.data.name }) : t('review.loading'));

  if (id === null) return <Alert variant="error">{t('review.notFound')}</Alert>;
  if (q.isPending) return <LoadingState text={t('review.loading')} className="py-10" />;
  if (q.isError)
    return (
      <div className="space-y-4">
        <Alert variant="error">{moderationMessage(t, errorText(q.error, t('review.failed')))}</Alert>
        <BackLink />
      </div>
    );
  return <ReviewForm key={q.data.id} detail={q.data} />;
}
