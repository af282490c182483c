import { namespace } from '../../lib/i18n';
import shell from '../../locales/en/shell';

/** The 404 pages' texts live in the shell's namespace (registered once, whichever module loads first). */
export const { useT: useNotFoundT } = namespace('shell', shell);
