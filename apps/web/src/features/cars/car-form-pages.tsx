import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, ButtonLink, Card, PageLoader } from '../../components/ui';
import { useDocumentTitle } from '../../components/use-document-title';
import { useCurrentMember } from '../../lib/auth';
import { routeId } from '../../lib/redirect';
import { carDetailQuery } from './api';
import { CarForm } from './car-form';
import { CAR_DETAIL_TEXT, CAR_FORM_TEXT as T } from './constants';

function FormFrame({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold text-white">{title}</h1>
      <p className="mb-6 mt-1 text-slate-400">{intro}</p>
      <Card>{children}</Card>
    </div>
  );
}

/** /cars/upload (signed in). */
export function CarUploadPage() {
  useDocumentTitle(T.uploadTitle);
  return (
    <FormFrame title={T.uploadTitle} intro={T.uploadIntro}>
      <CarForm />
    </FormFrame>
  );
}

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
    <FormFrame title={T.editTitle} intro={T.editIntro}>
      {body}
    </FormFrame>
  );
}
