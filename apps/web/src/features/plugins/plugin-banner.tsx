import { ItemBanner } from '../../components/item-banner';

/** A plugin's banner, or (none, or failing to load) a gradient chosen by the name with its initial. */
export function PluginBanner(props: { name: string; url: string | null; className?: string; priority?: boolean }) {
  return <ItemBanner {...props} testId="plugin-placeholder" />;
}
