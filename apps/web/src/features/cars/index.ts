export { CarDetailPage } from './car-detail-page';
export { CarEditPage } from './car-edit-page';
export { CarUploadPage } from './car-upload-page';
export { CarsPage } from './cars-page';
export { CarBanner } from './car-banner';
