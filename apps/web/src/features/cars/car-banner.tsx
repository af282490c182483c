import { ItemBanner } from '../../components/item-banner';

/**
 * A car's banner, or when it has none (or it fails to load) the placeholder of §8/§9: a gradient
 * chosen by the name, with the name's initial.
 */
export function CarBanner(props: { name: string; url: string | null; className?: string; priority?: boolean }) {
  return <ItemBanner {...props} testId="car-placeholder" />;
}
