import { PlaceholderPage } from '../../components/placeholder-page';

export function HomePage() {
  return (
    <PlaceholderPage
      title="BakkesMod Community"
      description="Plugins and car designs for Rocket League. The full home page is coming soon."
    />
  );
}
