import { namespace } from '../../lib/i18n';
import inbox from '../../locales/en/inbox';

/** The inbox's texts, through the one i18n library (namespace `inbox`, docs/i18n.md). */
export const { useT: useInboxT } = namespace('inbox', inbox);

/** The categories the server files notices under, by their catalogue key. */
const CATEGORY_KEYS: Record<string, `categories.${keyof typeof inbox.categories}`> = {
  plugin: 'categories.plugin',
  comment: 'categories.comment',
  product: 'categories.product',
  feature: 'categories.feature',
  staff: 'categories.staff',
};

/** A category's name in the reader's language; one the catalogue does not know, as the server named it. */
export function useCategoryLabel(): (category: string) => string {
  const t = useInboxT();
  return (category) => {
    const key = Object.hasOwn(CATEGORY_KEYS, category) ? CATEGORY_KEYS[category] : undefined;
    return key ? t(key) : category;
  };
}
