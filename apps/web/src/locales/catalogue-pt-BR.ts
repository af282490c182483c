/// <reference types="vite/client" />
import type { Catalogue } from '@bm/core';

/** Every namespace of this language in one chunk, loaded only when a reader picks it (lib/i18n). */
const files = import.meta.glob<{ default: Catalogue }>('./pt-BR/*.json', { eager: true });

const catalogue: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(files).map(([path, mod]) => [path.slice('./pt-BR/'.length, -'.json'.length), mod.default]),
);
export default catalogue;
