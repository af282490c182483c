/**
 * The one normal form of a search string, on both sides: trimmed, lower case, every run of
 * whitespace one space. Cache keys, the exact-name match and the word splitting of plugin and car
 * searches read this; plugin search words are its letters and digits (searchWords on the server).
 */
export function normalizeSearchText(text: string): string {
  return text.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The words of a normalised search string, at most `max`. */
export function searchTextWords(text: string, max: number): string[] {
  const normal = normalizeSearchText(text);
  return normal ? normal.split(' ').slice(0, max) : [];
}
