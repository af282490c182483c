/// <reference types="vite/client" />
import type { Catalogue } from '@bm/core';
import { byNamespace } from './parts';

/** What the public pages show in this language, loaded only when a reader picks it (lib/i18n, parts.ts). */
export default byNamespace(
  import.meta.glob<{ default: Catalogue }>(
    ['./de/*.json', '!./de/{admin,dashboard,inbox,legal,moderation,pluginCreate,pluginManage,settings}.json'],
    { eager: true },
  ),
);
