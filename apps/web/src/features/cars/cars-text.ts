import { CAR_DESCRIPTION_MAX, CAR_MESSAGES, CAR_NAME_MAX, CAR_NAME_MIN, SLOT_NAMES, type TextValues } from '@bm/core';
import { oneDecimal } from '../../lib/format';
import { namespace, type Translate } from '../../lib/i18n';
import cars from '../../locales/en/cars';

/** The car screens' texts, through the one i18n library (namespace `cars`, docs/i18n.md). */
export const { useT: useCarsT, fixedT: carsT } = namespace('cars', cars);
/** The English catalogue, for tests and the texts kept in English until shown (form errors). */
export const CARS_EN = cars;

type CarsT = Translate<'cars'>;
type Key = Parameters<CarsT>[0];

/** Core's slot names (SLOT_NAMES) by slot, as catalogue keys. */
const SLOT_KEYS: Readonly<Record<number, Key>> = {
  0: 'loadout.slots.body',
  1: 'loadout.slots.decal',
  2: 'loadout.slots.wheels',
  3: 'loadout.slots.boost',
  4: 'loadout.slots.antenna',
  5: 'loadout.slots.topper',
  7: 'loadout.slots.paintFinish',
  12: 'loadout.slots.secondaryFinish',
  13: 'loadout.slots.engineAudio',
  14: 'loadout.slots.trail',
  15: 'loadout.slots.goalExplosion',
  18: 'loadout.slots.playerAnthem',
};

/** A slot's name ('Wheels') in the reader's language; 'Slot 9' for one core does not name. */
export function slotLabel(t: CarsT, slot: number): string {
  const key = SLOT_KEYS[slot];
  return key ? t(key) : t('loadout.slot', { number: slot });
}

/** Texts kept in English (a core check's, the decoder's, the server's, these screens' own) and their keys. */
const FIXED: ReadonlyArray<[string, Key, TextValues?]> = [
  [CAR_MESSAGES.nameRequired, 'messages.nameRequired'],
  [CAR_MESSAGES.nameShort, 'messages.nameShort', { min: CAR_NAME_MIN }],
  [CAR_MESSAGES.nameLong, 'messages.nameLong', { max: CAR_NAME_MAX }],
  [CAR_MESSAGES.codeRequired, 'messages.codeRequired'],
  [CAR_MESSAGES.descriptionLong, 'messages.descriptionLong', { max: CAR_DESCRIPTION_MAX }],
  [CAR_MESSAGES.notFound, 'messages.notFound'],
  [CAR_MESSAGES.notOwner, 'messages.notOwner'],
  [CAR_MESSAGES.bannerMissing, 'messages.bannerMissing'],
  [CAR_MESSAGES.bannerTooLarge, 'messages.bannerTooLarge'],
  [CAR_MESSAGES.bannerType, 'messages.bannerType'],
  [cars.codeErrors.tooLong, 'codeErrors.tooLong'],
  [cars.codeErrors.base64, 'codeErrors.base64'],
  [cars.codeErrors.truncated, 'codeErrors.truncated'],
  [cars.codeErrors.checksum, 'codeErrors.checksum'],
  [cars.codeErrors.beyondSize, 'codeErrors.beyondSize'],
  [cars.codeErrors.afterLoadout, 'codeErrors.afterLoadout'],
  [cars.codeErrors.sizeMismatch, 'codeErrors.sizeMismatch'],
  [cars.codeErrors.unreadable, 'codeErrors.unreadable'],
  [cars.form.createFailed, 'form.createFailed'],
  [cars.form.updateFailed, 'form.updateFailed'],
  [cars.owner.deleteFailed, 'owner.deleteFailed'],
];
const fixed = new Map(FIXED.map(([text, key, values]) => [text, { key, values }]));

const TEAMS = { blue: 'codeErrors.blue', orange: 'codeErrors.orange' } as const;
const SLOT_BY_NAME = new Map(Object.entries(SLOT_NAMES).map(([slot, name]) => [name, Number(slot)]));

/** '{name} slot' or 'slot {number}', as the decoder names a slot. */
function decoderSlot(t: CarsT, text: string): string {
  const numbered = /^slot (\d+)$/.exec(text);
  if (numbered) return t('codeErrors.slotNumber', { number: numbered[1] });
  const name = text.replace(/ slot$/, '');
  const slot = SLOT_BY_NAME.get(name);
  return t('codeErrors.slotNamed', { name: slot === undefined ? name : slotLabel(t, slot) });
}

/** The decoder's messages that carry a number, a team or a slot. */
function decoderMessage(t: CarsT, text: string): string | null {
  let m = /^Car code version (\d+) is not supported$/.exec(text);
  if (m) return t('codeErrors.version', { version: m[1] });
  m = /^Car code size field \((\d+)\) is invalid$/.exec(text);
  if (m) return t('codeErrors.size', { size: m[1] });
  m = /^Car code (lists the|has an empty item in the) (blue|orange) (.+?)( more than once)?$/.exec(text);
  if (m && Boolean(m[4]) === (m[1] === 'lists the')) {
    const values = { team: t(TEAMS[m[2] as keyof typeof TEAMS]), slot: decoderSlot(t, m[3]!) };
    return t(m[4] ? 'codeErrors.duplicate' : 'codeErrors.emptyItem', values);
  }
  return null;
}

/** A message kept in English, in the reader's language when the catalogue knows it; any other text as it came. */
export function carMessage(t: CarsT, text: string): string {
  const known = fixed.get(text);
  if (known) return t(known.key, known.values);
  return decoderMessage(t, text) ?? text;
}

/** `carMessage` in a component: `const message = useCarMessage(); message(error)`. */
export function useCarMessage(): (text: string) => string {
  const t = useCarsT();
  return (text) => carMessage(t, text);
}

/** '4.3/5 (12 ratings)': the average to one decimal and how many ratings it comes from. */
export function useRatingValue(): (average: number, count: number) => string {
  const t = useCarsT();
  return (average, count) => t('detail.ratingValue', { average: oneDecimal(average), count });
}
