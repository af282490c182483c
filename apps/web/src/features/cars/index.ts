export { CarDetailPage, CarEditPage, CarsPage, CarUploadPage } from './pages';
