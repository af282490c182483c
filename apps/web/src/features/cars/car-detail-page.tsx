import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ButtonLink, LoadingState } from '../../components/ui';
import { routeId } from '../../lib/redirect';
import { ItemUnavailable, useItemNotFound } from '../item-detail';
import { carDetailQuery } from './api';
import { CarDetailView } from './car-detail-view';
import { useCarsT } from './cars-text';

/** Back one page when there is one in this tab, else to the list. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/cars');
  };
}

/** /cars/{id} (§2). */
export function CarDetailPage() {
  const t = useCarsT();
  const id = routeId(useParams().id);
  const detail = useQuery({ ...carDetailQuery(id ?? 0), enabled: id !== null });
  // When the car arrives its page is rendered in the background, in slices, while the loader stays.
  const car = useDeferredValue(detail.data);
  const goBack = useGoBack();
  const notFound = useItemNotFound(t, id, detail);

  if (notFound || detail.isError) {
    return (
      <ItemUnavailable
        t={t}
        notFound={notFound}
        browse={<ButtonLink to="/cars">{t('detail.browseCars')}</ButtonLink>}
        query={detail}
        backText={t('detail.goBack')}
        onBack={goBack}
      />
    );
  }
  if (!car) {
    // A screen tall, like the page it stands for: the footer does not jump when the car arrives.
    return <LoadingState text={t('detail.loading')} className="min-h-screen" />;
  }
  // Keyed by car: moving to another car starts its own copy state, banner and counters.
  return <CarDetailView key={car.id} car={car} />;
}
