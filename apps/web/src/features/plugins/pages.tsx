import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

export function PluginsPage() {
  return <PlaceholderPage title="Plugins" description="The plugin catalogue is coming soon." />;
}

export function PluginDetailPage() {
  const { id } = useParams();
  return <PlaceholderPage title={`Plugin #${id ?? ''}`} description="Plugin details are coming soon." />;
}
