/**
 * The car screens' settings. Their texts are in the 'cars' namespace (locales/en/cars.ts, through
 * cars-text.ts), in the reader's language.
 */
export { BAKKESMOD_URL } from '../../lib/links';

/** §9 timings the client keeps (the dedupe windows come from core: CAR_VIEW_DEDUPE_S, CAR_COPY_DEDUPE_S). */
export const SEARCH_DEBOUNCE_MS = 300;
export const COPIED_INDICATOR_MS = 2000;
/** A hand selection of at least this share of the code counts as a copy. */
export const COPY_SELECTION_THRESHOLD = 0.6;
