import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function CarsPage() {
  return <PlaceholderPage title="Browse Cars" description="The car catalogue is coming soon." />;
}

export function CarDetailPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Car #${id ?? ''}`} description="Car details are coming soon." />;
}

export function CarUploadPage() {
  return <PlaceholderPage title="Upload Car" description="Uploading cars is coming soon." />;
}

export function CarEditPage() {
  return <PlaceholderPage title="Edit Car" description="Editing cars is coming soon." />;
}
