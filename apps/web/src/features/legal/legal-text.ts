import { namespace } from '../../lib/i18n';
import legal from '../../locales/en/legal';

/** The legal pages' texts (namespace `legal`), through the one i18n library (docs/i18n.md). */
export const { useT: useLegalT } = namespace('legal', legal);
export const LEGAL_EN = legal;
