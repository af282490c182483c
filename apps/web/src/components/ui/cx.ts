/** Join class names, skipping falsy ones. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

export const focusRing =
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

/**
 * A dropdown panel that fits any screen: a bottom sheet across the viewport on phones (under the
 * sm breakpoint), a panel under its button, aligned to the button's right edge, from sm up. Give
 * the width with an sm: class (e.g. 'sm:w-56').
 */
export const popoverPanel =
  'fixed inset-x-2 bottom-2 z-50 max-h-[75vh] overflow-y-auto rounded-xl border border-slate-700 bg-slate-900 p-2 shadow-2xl shadow-black/60 ' +
  'sm:absolute sm:inset-x-auto sm:bottom-auto sm:right-0 sm:top-full sm:z-30 sm:mt-2 sm:max-h-[70vh] sm:max-w-[calc(100vw-2rem)]';
