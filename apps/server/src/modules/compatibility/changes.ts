import type { CompatibilityStatus } from '@bm/core';
import type { AppContext } from '../../context.js';

/** A plugin's status on a game version changed (after the write committed). */
export interface CompatibilityChange {
  pluginId: number;
  gameVersionId: number;
  /** The game version is the current one. */
  current: boolean;
  from: CompatibilityStatus;
  to: CompatibilityStatus;
}

export type CompatibilityListener = (changes: CompatibilityChange[]) => void | Promise<void>;

const listeners = new WeakMap<AppContext, Set<CompatibilityListener>>();

/**
 * Be told, once each write has committed, of every plugin status that a report, a withdrawal, the
 * owner's declaration or a rebuild result changed (one server; docs/compatibility.md). Answers a
 * function that stops it. A listener should only queue work (a job), never do it in the request:
 * it runs after the answer's write, its errors are logged and go no further.
 */
export function onCompatibilityChange(ctx: AppContext, listener: CompatibilityListener): () => void {
  let set = listeners.get(ctx);
  if (!set) listeners.set(ctx, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function emitCompatibilityChanges(ctx: AppContext, changes: CompatibilityChange[]): void {
  for (const listener of listeners.get(ctx) ?? []) {
    try {
      void Promise.resolve(listener(changes)).catch((err: unknown) =>
        ctx.log.error({ err }, 'compatibility change listener failed'),
      );
    } catch (err) {
      ctx.log.error({ err }, 'compatibility change listener failed');
    }
  }
}
