/** Join class names, skipping falsy ones. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}

/** A text input's look; here, not in field.tsx, so a page with a bare search box does not load the form fields. */
export const inputClasses = (invalid: boolean) =>
  cx(
    'block w-full rounded-lg border bg-slate-900 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-500',
    'focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-400 disabled:opacity-60',
    invalid ? 'border-rose-500' : 'border-slate-700 hover:border-slate-600',
  );

export const focusRing =
  'focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-400';

/**
 * A dropdown panel that fits any screen: a bottom sheet across the viewport on phones and tablets
 * (under the lg breakpoint, where the list controls wrap under the search box at the left and a
 * right-aligned panel would stick out), a panel under its button, aligned to the button's right
 * edge, from lg up. Give the width with an lg: class (e.g. 'lg:w-56').
 */
export const popoverPanel =
  'fixed inset-x-2 bottom-2 z-50 max-h-[75vh] overflow-y-auto rounded-xl border border-slate-700 bg-slate-900 p-2 shadow-2xl shadow-black/60 ' +
  'lg:absolute lg:inset-x-auto lg:bottom-auto lg:right-0 lg:top-full lg:z-30 lg:mt-2 lg:max-h-[70vh] lg:max-w-[calc(100vw-2rem)]';
