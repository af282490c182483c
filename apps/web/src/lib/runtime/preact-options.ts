import { options, type VNode } from 'preact';

/**
 * The site runs on preact/compat (vite.config.ts aliases react and react-dom to it; docs/web-runtime.md).
 * Two things the app relies on happen differently in Preact, and are made to happen as in React here.
 * Under `npm run dev`, which runs React, this sets options on a Preact that renders nothing.
 *
 * - Effects. React runs the effects of a render caused by a keystroke or a click before the next
 *   event; Preact runs them after the next frame. The query library hands a mutation its new
 *   callback in an effect, so "type, then Enter" sent the text without its last key. Effects queued
 *   while the browser handles such an event run right after their render, as in React; the others
 *   (the first render, data arriving) still wait for the next frame, so a page's first long task
 *   does not grow by all its effects (Lighthouse's blocking time on /plugin/8 went 230 -> 460 ms
 *   when every effect ran at once).
 * - autoFocus. React focuses an element with autoFocus when it is mounted; Preact only sets the
 *   attribute, which the browser honours once per document. The element is focused when it mounts.
 */
let inDiscreteEvent = false;
for (const type of ['keydown', 'keyup', 'input', 'change', 'click', 'pointerdown', 'pointerup', 'submit', 'focusin']) {
  // Capture on window: set before any handler of the event runs; cleared once the task is over.
  window.addEventListener(
    type,
    () => {
      if (inDiscreteEvent) return;
      inDiscreteEvent = true;
      setTimeout(() => (inDiscreteEvent = false));
    },
    true,
  );
}
/** Preact's own wait: the next frame, or 35 ms when no frame comes (a hidden tab). */
function afterNextFrame(flush: () => void) {
  const done = () => {
    clearTimeout(timeout);
    cancelAnimationFrame(frame);
    setTimeout(flush);
  };
  const timeout = setTimeout(done, 35);
  const frame = requestAnimationFrame(done);
}
options.requestAnimationFrame = (flush) => (inDiscreteEvent ? queueMicrotask(flush) : afterNextFrame(flush));

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
