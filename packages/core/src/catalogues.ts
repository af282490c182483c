/**
 * The catalogue format of the site's texts (web and server), and how a catalogue becomes messages of
 * the one i18n library, Lingui (docs/i18n.md).
 *
 * A catalogue is a nested object of texts. Placeholders are `{name}`. A plural is a group of keys
 * `x_one`, `x_other` (and `x_many`, … where the language has those forms, per CLDR), chosen by
 * `count`: `t('x', { count })`. English is written in TypeScript; other languages in JSON.
 */
export type Catalogue = { readonly [key: string]: string | Catalogue };

/** Lingui's compiled message: texts and `[name]` placeholders, or one plural choice over `count`. */
export type CompiledToken = string | [string] | [string, 'plural', Record<string, CompiledToken[]>];
export type CompiledMessages = Record<string, CompiledToken[]>;

export const PLURAL_FORM = /^(.*)_(zero|one|two|few|many|other)$/;

function tokens(text: string): CompiledToken[] {
  const out: CompiledToken[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push([m[1]!]);
    last = m.index + m[0].length;
  }
  if (last < text.length || out.length === 0) out.push(text.slice(last));
  return out;
}

/** Every text of a catalogue by its dotted key ('footer.terms'), plural forms kept apart ('count_one'). */
export function flattenCatalogue(catalogue: Catalogue, prefix = '', out: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else flattenCatalogue(value, path, out);
  }
  return out;
}

/** A namespace's catalogue as Lingui messages with ids `ns:key`; plural forms join into one plural message. */
export function compileCatalogue(ns: string, catalogue: Catalogue): CompiledMessages {
  const messages: CompiledMessages = {};
  const plurals: Record<string, Record<string, CompiledToken[]>> = {};
  for (const [key, text] of Object.entries(flattenCatalogue(catalogue))) {
    const plural = PLURAL_FORM.exec(key);
    if (plural) (plurals[plural[1]!] ??= {})[plural[2]!] = tokens(text);
    else messages[`${ns}:${key}`] = tokens(text);
  }
  for (const [base, forms] of Object.entries(plurals)) messages[`${ns}:${base}`] = [['count', 'plural', forms]];
  return messages;
}

type PluralBase<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/** The keys `t` takes for a catalogue: dotted paths, plural groups by their base. */
export type CatalogueKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${PluralBase<K>}` : CatalogueKey<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TextValues = Record<string, string | number | null | undefined>;
