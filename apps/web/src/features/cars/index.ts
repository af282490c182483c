export { CarDetailPage } from './car-detail-page';
export { CarEditPage, CarUploadPage } from './car-form-pages';
export { CarsPage } from './cars-page';
export { CarBanner } from './car-banner';
