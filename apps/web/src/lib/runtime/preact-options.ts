import { options, type VNode } from 'preact';

/**
 * The site runs on preact/compat (vite.config.ts aliases react and react-dom to it; docs/web-runtime.md).
 * Two things the app relies on happen differently in Preact, and are made to happen as in React here.
 * Under the unit tests, which run React, this sets options on a Preact that renders nothing.
 *
 * - Effects. React runs the effects of a render caused by a keystroke or a click before the next
 *   event; Preact runs them after the next frame. The query library hands a mutation its new
 *   callback in an effect, so "type, then Enter" sent the text without its last key. Effects run
 *   right after the render that queued them instead.
 * - autoFocus. React focuses an element with autoFocus when it is mounted; Preact only sets the
 *   attribute, which the browser honours once per document. The element is focused when it mounts.
 */
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

const focused = new WeakSet<HTMLElement>();
const previousVnode = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: boolean } | null;
  if (typeof vnode.type === 'string' && props?.autoFocus) {
    const ref = vnode.ref as ((el: HTMLElement | null) => void) | { current: HTMLElement | null } | null | undefined;
    vnode.ref = (el: HTMLElement | null) => {
      if (el && !focused.has(el)) {
        focused.add(el);
        el.focus();
      }
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    };
  }
  previousVnode?.(vnode);
};
