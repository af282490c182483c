import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, ButtonLink, PageLoader } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentMember } from '../../lib/auth';
import { routeId } from '../../lib/redirect';
import { carDetailQuery } from './api';
import { CarForm } from './car-form';
import { CarFormFrame } from './car-form-frame';
import { useCarsT } from './cars-text';

/** /cars/{id}/edit (signed in; only the owner gets the form). */
export function CarEditPage() {
  const t = useCarsT();
  useDocumentTitle(t('form.editTitle'));
  const id = routeId(useParams().id);
  const member = useCurrentMember();
  const detail = useQuery({ ...carDetailQuery(id ?? 0), enabled: id !== null, staleTime: 0 });

  let body: ReactNode;
  if (id === null || detail.isError) {
    body = <Alert variant="error">{t('detail.error')}</Alert>;
  } else if (!detail.data) {
    body = <PageLoader label={t('form.loading')} />;
  } else if (detail.data.member.id !== member?.id) {
    body = (
      <div className="space-y-4">
        <Alert variant="warning">{t('form.notOwner')}</Alert>
        <ButtonLink to={`/cars/${detail.data.id}`} variant="outline">
          {t('detail.goBack')}
        </ButtonLink>
      </div>
    );
  } else {
    // Keyed by car, so the form starts from that car's values.
    body = <CarForm key={detail.data.id} car={detail.data} />;
  }
  return (
    <CarFormFrame title={t('form.editTitle')} intro={t('form.editIntro')}>
      {body}
    </CarFormFrame>
  );
}
