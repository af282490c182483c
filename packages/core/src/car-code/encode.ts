/**
 * Encoder for BakkesMod car loadout codes (the inverse of `decodeCarCode`).
 * Meant for tests and demo data: it throws a RangeError on a loadout that
 * cannot be written, instead of silently changing it.
 */
import { encodeBase64 } from './base64.js';
import { BitWriter } from './bits.js';
import {
  CAR_CODE_BITS,
  CAR_CODE_HEADER_BYTES,
  MAX_CAR_CODE_VERSION,
  MIN_CAR_CODE_VERSION,
  carCodeChecksum,
  hasWheelTeamId,
  productIdBits,
  type CarLoadout,
  type RgbColor,
  type TeamLoadout,
} from './types.js';

const MAX_SIZE_BYTES = (1 << CAR_CODE_BITS.size) - 1;

function checkInt(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${what} must be an integer from ${min} to ${max}, got ${String(value)}`);
  }
  return value;
}

/**
 * Writes a loadout as a car code (standard base64 with padding).
 * Items are written in the given order; when `blueIsOrange` is set only the
 * blue team is written and `orange` is ignored. Like the codes the game
 * plugin produces, no spare orange wheel team id is appended.
 */
export function encodeCarCode(loadout: CarLoadout): string {
  const version = checkInt(loadout.version, MIN_CAR_CODE_VERSION, MAX_CAR_CODE_VERSION, 'version');
  const writer = new BitWriter();
  writer.write(0, CAR_CODE_HEADER_BYTES * 8); // header, filled in below
  writer.writeBool(loadout.blueIsOrange);
  writeTeam(writer, loadout.blue, version, 'blue');
  if (!loadout.blueIsOrange) writeTeam(writer, loadout.orange, version, 'orange');

  const bytes = writer.toBytes();
  const size = bytes.length;
  if (size > MAX_SIZE_BYTES) throw new RangeError(`loadout is too large (${size} bytes)`);
  bytes[0] = version | ((size & 0b11) << CAR_CODE_BITS.version);
  bytes[1] = size >> 2;
  bytes[2] = carCodeChecksum(bytes, CAR_CODE_HEADER_BYTES, size);
  return encodeBase64(bytes);
}

function writeTeam(writer: BitWriter, team: TeamLoadout, version: number, name: string): void {
  const maxItems = (1 << CAR_CODE_BITS.itemCount) - 1;
  if (team.items.length > maxItems) {
    throw new RangeError(`${name} team has ${team.items.length} items, at most ${maxItems} fit`);
  }
  writer.write(team.items.length, CAR_CODE_BITS.itemCount);
  const seen = new Set<number>();
  const idBits = productIdBits(version);
  for (const item of team.items) {
    const slot = checkInt(item.slot, 0, (1 << CAR_CODE_BITS.slot) - 1, `${name} item slot`);
    if (seen.has(slot)) throw new RangeError(`${name} team uses slot ${slot} twice`);
    seen.add(slot);
    const productId = checkInt(item.productId, 1, (1 << idBits) - 1, `${name} product id (version ${version})`);
    writer.write(slot, CAR_CODE_BITS.slot);
    writer.write(productId, idBits);
    if (item.paintId === null) {
      writer.writeBool(false);
    } else {
      writer.writeBool(true);
      writer.write(checkInt(item.paintId, 0, (1 << CAR_CODE_BITS.paint) - 1, `${name} paint id`), CAR_CODE_BITS.paint);
    }
  }

  const { primaryColor, secondaryColor } = team;
  if ((primaryColor === null) !== (secondaryColor === null)) {
    throw new RangeError(`${name} team must set both custom colours or neither`);
  }
  writer.writeBool(primaryColor !== null);
  if (primaryColor !== null && secondaryColor !== null) {
    writeColor(writer, primaryColor, `${name} primary colour`);
    writeColor(writer, secondaryColor, `${name} secondary colour`);
  }

  if (hasWheelTeamId(version)) {
    const id = team.wheelTeamId ?? 0;
    writer.write(
      checkInt(id, 0, (1 << CAR_CODE_BITS.wheelTeamId) - 1, `${name} wheel team id`),
      CAR_CODE_BITS.wheelTeamId,
    );
  } else if (team.wheelTeamId !== null) {
    throw new RangeError(`${name} wheel team id needs version 3 or later`);
  }
}

function writeColor(writer: BitWriter, color: RgbColor, what: string): void {
  const max = (1 << CAR_CODE_BITS.colorChannel) - 1;
  writer.write(checkInt(color.r, 0, max, `${what} red`), CAR_CODE_BITS.colorChannel);
  writer.write(checkInt(color.g, 0, max, `${what} green`), CAR_CODE_BITS.colorChannel);
  writer.write(checkInt(color.b, 0, max, `${what} blue`), CAR_CODE_BITS.colorChannel);
}
