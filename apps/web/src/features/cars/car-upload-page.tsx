import { useDocumentTitle } from '../../components/use-document-title';
import { CarForm } from './car-form';
import { CarFormFrame } from './car-form-frame';
import { CAR_FORM_TEXT as T } from './constants';

/** /cars/upload (signed in). */
export function CarUploadPage() {
  useDocumentTitle(T.uploadTitle);
  return (
    <CarFormFrame title={T.uploadTitle} intro={T.uploadIntro}>
      <CarForm />
    </CarFormFrame>
  );
}
