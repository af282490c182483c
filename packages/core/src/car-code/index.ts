export { decodeCarCode } from './decode.js';
export { encodeCarCode } from './encode.js';
export { BODY_NAMES, PAINT_NAMES, SLOT_NAMES, bodyName, describeBody, paintName, slotName } from './names.js';
export {
  MAX_CAR_CODE_VERSION,
  MIN_CAR_CODE_VERSION,
  type CarCodeErrorKind,
  type CarLoadout,
  type DecodeResult,
  type LoadoutItem,
  type RgbColor,
  type TeamLoadout,
} from './types.js';
