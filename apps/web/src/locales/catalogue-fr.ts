/// <reference types="vite/client" />
import type { Catalogue } from '@bm/core';

/** Every namespace of this language in one chunk, loaded only when a reader picks it (lib/i18n). */
const files = import.meta.glob<{ default: Catalogue }>('./fr/*.json', { eager: true });

const catalogue: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(files).map(([path, mod]) => [path.slice('./fr/'.length, -'.json'.length), mod.default]),
);
export default catalogue;
