/// <reference types="vite/client" />
import type { Catalogue } from '@bm/core';

/** Every namespace of this language in one chunk, loaded only when a reader picks it (lib/i18n). */
const files = import.meta.glob<{ default: Catalogue }>('./de/*.json', { eager: true });

const catalogue: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(files).map(([path, mod]) => [path.slice('./de/'.length, -'.json'.length), mod.default]),
);
export default catalogue;
