/// <reference types="vite/client" />
import type { Catalogue } from '@bm/core';
import { byNamespace } from './parts';

/** The members', staff's and legal pages' texts in this language (LATER_NAMESPACES in parts.ts). */
export default byNamespace(
  import.meta.glob<{ default: Catalogue }>(
    './es/{admin,dashboard,inbox,legal,moderation,pluginCreate,pluginManage,settings}.json',
    { eager: true },
  ),
);
