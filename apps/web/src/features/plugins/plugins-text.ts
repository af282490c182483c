import { currentLocale, namespace } from '../../lib/i18n';
import plugins from '../../locales/en/plugins';

/** The plugin list's, the cards' and the compatibility texts, through the one i18n library (docs/i18n.md). */
export const { useT: usePluginsT, fixedT: pluginsT } = namespace('plugins', plugins);

const ratingFormats = new Map<string, Intl.NumberFormat>();
/** An average rating to one decimal as the reader's language writes it ('4.3', '4,3'); English keeps toFixed. */
export function formatRating(average: number): string {
  const locale = currentLocale();
  if (locale === 'en') return average.toFixed(1);
  let format = ratingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    ratingFormats.set(locale, format);
  }
  return format.format(average);
}
