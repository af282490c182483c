/**
 * Plain-data model of a BakkesMod car loadout code ("car code").
 *
 * Everything here is JSON-serialisable: numbers, booleans, nulls, arrays and
 * plain objects only.
 */

/** An RGB colour, each channel 0–255. */
export interface RgbColor {
  r: number;
  g: number;
  b: number;
}

export interface LoadoutItem {
  /** Equip slot, 0–31 (see `slotName`). */
  slot: number;
  /** Rocket League product id (13 bits before version 4, 16 bits from version 4). */
  productId: number;
  /**
   * Paint id, 0–63 (see `paintName`), or `null` when the code carries no paint
   * field for this item. A code may carry the paint field with value 0, which
   * means "paintable, but unpainted"; that is kept as `0` so that re-encoding
   * a decoded code gives back the same bytes.
   */
  paintId: number | null;
}

export interface TeamLoadout {
  /** Items in the order they appear in the code (the reference writer sorts them by slot). */
  items: LoadoutItem[];
  /** Custom primary colour, or `null` when the team does not override colours. */
  primaryColor: RgbColor | null;
  /** Custom secondary colour; `null` exactly when `primaryColor` is `null`. */
  secondaryColor: RgbColor | null;
  /** Wheel team id (esports wheels), 0–63, from version 3; `null` before version 3. */
  wheelTeamId: number | null;
}

export interface CarLoadout {
  version: number;
  /** When true the code holds one loadout used by both teams; `orange` then equals `blue`. */
  blueIsOrange: boolean;
  blue: TeamLoadout;
  orange: TeamLoadout;
}

export type CarCodeErrorKind = 'empty' | 'base64' | 'truncated' | 'checksum' | 'version' | 'invalid';

export type DecodeResult = { ok: true; loadout: CarLoadout } | { ok: false; error: CarCodeErrorKind; message: string };

/** Oldest loadout version the reference reader understands. */
export const MIN_CAR_CODE_VERSION = 1;
/** `CURRENT_LOADOUT_VERSION` of the reference library. */
export const MAX_CAR_CODE_VERSION = 4;

/** Bit widths of the format, least significant bit first. */
export const CAR_CODE_BITS = {
  version: 6,
  size: 10,
  checksum: 8,
  itemCount: 4,
  slot: 5,
  productIdBeforeV4: 13,
  productIdFromV4: 16,
  paint: 6,
  colorChannel: 8,
  wheelTeamId: 6,
} as const;

/** The header (version, size, checksum) takes the first 3 bytes. */
export const CAR_CODE_HEADER_BYTES = 3;

export function productIdBits(version: number): number {
  return version >= 4 ? CAR_CODE_BITS.productIdFromV4 : CAR_CODE_BITS.productIdBeforeV4;
}

export function hasWheelTeamId(version: number): boolean {
  return version >= 3;
}

/** 0xFF xor every byte in [start, end). */
export function carCodeChecksum(bytes: Uint8Array, start: number, end: number): number {
  let crc = 0xff;
  for (let i = start; i < end; i++) crc ^= bytes[i] ?? 0;
  return crc;
}
