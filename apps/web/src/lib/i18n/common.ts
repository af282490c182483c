import common from '../../locales/en/common';
import { namespace } from './index';

/** Words shared by every area: lib/ (lib/format's 'just now') and the shared components of components/. */
export const { useT: useCommonT, fixedT: commonT } = namespace('common', common);
export const COMMON_EN = common;
