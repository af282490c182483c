/**
 * Decoder for BakkesMod car loadout codes.
 *
 * Layout (confirmed against bakkesmodorg/BakkesModLoadoutLib,
 * BakkesModLoadoutLib/BakkesModLoadoutLib.cpp `load`/`save` and
 * BakkesModLoadoutLib/helper_classes.h `BitBinaryReader`), a base64 bit
 * stream read least significant bit first:
 *
 *   header   version (6) · size (10) · checksum (8)
 *            size = number of bytes of the whole stream, header included;
 *            checksum = 0xFF xor bytes[3 .. size-1]
 *   body     blueIsOrange (1)
 *            blue team, then the orange team only when blueIsOrange is 0:
 *              item count (4), per item: slot (5), product id (13 before
 *              version 4, 16 from version 4), paint flag (1), paint id (6)
 *              if the flag is set
 *              custom colour flag (1), when set primary r,g,b then
 *              secondary r,g,b (8 bits each)
 *              wheel team id (6), from version 3
 *
 * The reference writer also appends an orange wheel team id when
 * blueIsOrange is set, which its reader never reads; the decoder tolerates
 * those 6 extra bits.
 */
import { decodeBase64 } from './base64.js';
import { BitOverrun, BitReader } from './bits.js';
import { slotName } from './names.js';
import {
  CAR_CODE_BITS,
  CAR_CODE_HEADER_BYTES,
  MAX_CAR_CODE_VERSION,
  MIN_CAR_CODE_VERSION,
  carCodeChecksum,
  hasWheelTeamId,
  productIdBits,
  type CarCodeErrorKind,
  type CarLoadout,
  type DecodeResult,
  type LoadoutItem,
  type RgbColor,
  type TeamLoadout,
} from './types.js';

/** Longest accepted code, in characters after whitespace removal (a 1023-byte stream is 1364). */
const MAX_CODE_CHARS = 4096;
/**
 * Bytes past the declared size that are tolerated when they are all zero:
 * the reference writer emits one spare zero byte when the stream ends on a
 * byte boundary.
 */
const MAX_TRAILING_ZERO_BYTES = 2;

class CarCodeFailure {
  constructor(
    readonly kind: CarCodeErrorKind,
    readonly message: string,
  ) {}
}

function fail(kind: CarCodeErrorKind, message: string): never {
  throw new CarCodeFailure(kind, message);
}

/** Decodes and checks a car code. Never throws. */
export function decodeCarCode(code: string): DecodeResult {
  try {
    return { ok: true, loadout: decodeOrThrow(code) };
  } catch (err) {
    if (err instanceof CarCodeFailure) return { ok: false, error: err.kind, message: err.message };
    if (err instanceof BitOverrun) {
      return { ok: false, error: 'invalid', message: 'Car code size does not match its contents' };
    }
    return { ok: false, error: 'invalid', message: 'Car code could not be read' };
  }
}

function decodeOrThrow(code: unknown): CarLoadout {
  if (typeof code !== 'string') fail('empty', 'Car code is required');
  const cleaned = code.replace(/\s+/g, '');
  if (cleaned === '') fail('empty', 'Car code is required');
  if (cleaned.length > MAX_CODE_CHARS) fail('invalid', 'Car code is too long');

  const bytes = decodeBase64(cleaned);
  if (bytes === null) fail('base64', 'Car code is not valid base64');
  if (bytes.length < CAR_CODE_HEADER_BYTES) fail('truncated', 'Car code is truncated');

  const header = new BitReader(bytes);
  const version = header.read(CAR_CODE_BITS.version);
  const size = header.read(CAR_CODE_BITS.size);
  const checksum = header.read(CAR_CODE_BITS.checksum);

  if (version < MIN_CAR_CODE_VERSION || version > MAX_CAR_CODE_VERSION) {
    fail('version', `Car code version ${version} is not supported`);
  }
  // The body holds at least the blueIsOrange bit, so a stream is never shorter than 4 bytes.
  if (size <= CAR_CODE_HEADER_BYTES) fail('invalid', `Car code size field (${size}) is invalid`);
  if (bytes.length < size) fail('truncated', 'Car code is truncated');
  if (carCodeChecksum(bytes, CAR_CODE_HEADER_BYTES, size) !== checksum) {
    fail('checksum', 'Car code checksum does not match');
  }
  const trailing = bytes.subarray(size);
  if (trailing.length > MAX_TRAILING_ZERO_BYTES || trailing.some((b) => b !== 0)) {
    fail('invalid', 'Car code has data beyond its declared size');
  }

  const reader = new BitReader(bytes, size * 8, CAR_CODE_HEADER_BYTES * 8);
  const blueIsOrange = reader.readBool();
  const blue = readTeam(reader, version, 'blue');
  const orange = blueIsOrange ? cloneTeam(blue) : readTeam(reader, version, 'orange');

  const used = Math.ceil(reader.position / 8);
  // Writers following the reference `save` add a 6-bit orange wheel team id even
  // when blueIsOrange is set; its reader skips it, and so do we.
  const usedWithSpareTeamId = Math.ceil((reader.position + CAR_CODE_BITS.wheelTeamId) / 8);
  const spareTeamIdAllowed = blueIsOrange && hasWheelTeamId(version);
  if (used !== size && !(spareTeamIdAllowed && usedWithSpareTeamId === size)) {
    fail('invalid', 'Car code has unexpected data after the loadout');
  }

  return { version, blueIsOrange, blue, orange };
}

function readTeam(reader: BitReader, version: number, team: 'blue' | 'orange'): TeamLoadout {
  const count = reader.read(CAR_CODE_BITS.itemCount);
  const items: LoadoutItem[] = [];
  const seen = new Set<number>();
  for (let i = 0; i < count; i++) {
    const slot = reader.read(CAR_CODE_BITS.slot);
    const productId = reader.read(productIdBits(version));
    const painted = reader.readBool();
    const paintId = painted ? reader.read(CAR_CODE_BITS.paint) : null;
    if (seen.has(slot)) {
      fail('invalid', `Car code lists the ${team} ${slotLabel(slot)} more than once`);
    }
    if (productId === 0) {
      // The reference writer skips unequipped (product id 0) items.
      fail('invalid', `Car code has an empty item in the ${team} ${slotLabel(slot)}`);
    }
    seen.add(slot);
    items.push({ slot, productId, paintId });
  }

  let primaryColor: RgbColor | null = null;
  let secondaryColor: RgbColor | null = null;
  if (reader.readBool()) {
    primaryColor = readColor(reader);
    secondaryColor = readColor(reader);
  }
  const wheelTeamId = hasWheelTeamId(version) ? reader.read(CAR_CODE_BITS.wheelTeamId) : null;
  return { items, primaryColor, secondaryColor, wheelTeamId };
}

/** 'Wheels slot', or 'slot 24' for slots without a name. */
function slotLabel(slot: number): string {
  const name = slotName(slot);
  return name === `Slot ${slot}` ? `slot ${slot}` : `${name} slot`;
}

function readColor(reader: BitReader): RgbColor {
  const r = reader.read(CAR_CODE_BITS.colorChannel);
  const g = reader.read(CAR_CODE_BITS.colorChannel);
  const b = reader.read(CAR_CODE_BITS.colorChannel);
  return { r, g, b };
}

function cloneTeam(team: TeamLoadout): TeamLoadout {
  return {
    items: team.items.map((item) => ({ ...item })),
    primaryColor: team.primaryColor ? { ...team.primaryColor } : null,
    secondaryColor: team.secondaryColor ? { ...team.secondaryColor } : null,
    wheelTeamId: team.wheelTeamId,
  };
}
