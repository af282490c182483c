import { namespace } from '../../lib/i18n';
import shell from '../../locales/en/shell';

/** The shell's texts (top bar, footer, menus), through the one i18n library. */
export const { useT: useShellT, fixedT: shellT } = namespace('shell', shell);
export const SHELL_EN = shell;
