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
import { CAR_DETAIL_TEXT, CAR_FORM_TEXT as T } from './constants';

/** /cars/{id}/edit (signed in; only the owner gets the form). */
export function CarEditPage() {
  useDocumentTitle(T.editTitle);
  const id = routeId(useParams().id);
  const member = useCurrentMember();
  const detail = useQuery({ ...carDetailQuery(id ?? 0), enabled: id !== null, staleTime: 0 });

  let body: ReactNode;
  if (id === null || detail.isError) {
    body = <Alert variant="error">{CAR_DETAIL_TEXT.error}</Alert>;
  } else if (!detail.data) {
    body = <PageLoader label={T.loading} />;
  } else if (detail.data.member.id !== member?.id) {
    body = (
      <div className="space-y-4">
        <Alert variant="warning">{T.notOwner}</Alert>
        <ButtonLink to={`/cars/${detail.data.id}`} variant="outline">
          {CAR_DETAIL_TEXT.goBack}
        </ButtonLink>
      </div>
    );
  } else {
    // Keyed by car, so the form starts from that car's values.
    body = <CarForm key={detail.data.id} car={detail.data} />;
  }
  return (
    <CarFormFrame title={T.editTitle} intro={T.editIntro}>
      {body}
    </CarFormFrame>
  );
}
