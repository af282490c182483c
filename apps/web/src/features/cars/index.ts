export { CarDetailPage } from './car-detail-page';
export { CarEditPage } from './car-edit-page';
export { CarUploadPage } from './car-upload-page';
export { CarsPage } from './cars-page';
export { CarBanner } from './car-banner';
// Collections show each car with its card and the same Copy Code as its page.
export { CarCard } from './car-card';
export { useCopyCode } from './use-car-counters';
