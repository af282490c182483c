import { useDocumentTitle } from '../../components/use-document-title';
import { CarForm } from './car-form';
import { CarFormFrame } from './car-form-frame';
import { useCarsT } from './cars-text';

/** /cars/upload (signed in). */
export function CarUploadPage() {
  const t = useCarsT();
  useDocumentTitle(t('form.uploadTitle'));
  return (
    <CarFormFrame title={t('form.uploadTitle')} intro={t('form.uploadIntro')}>
      <CarForm />
    </CarFormFrame>
  );
}
