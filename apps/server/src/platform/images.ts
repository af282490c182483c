import { HttpError } from './errors.js';

const ALLOWED = new Set(['png', 'jpeg', 'gif']);

/** sharp (native, tens of MB) is loaded with the first image, not at start. */
let loading: Promise<typeof import('sharp')> | undefined;
export const loadSharp = async () => (await (loading ??= import('sharp'))).default;

/**
 * Checks an upload is really a PNG, JPG or GIF by its content (not its name), then re-encodes it
 * (dropping metadata and anything hidden in the file) resized to fit the box.
 */
export async function reencodeImage(
  data: Buffer,
  box: { width: number; height: number; fit: 'cover' | 'inside' },
  typeMessage: string,
): Promise<Buffer> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ALLOWED.has(format)) throw new HttpError(415, typeMessage);
  try {
    return await sharp(data, { animated: false })
      .rotate()
      .resize({ width: box.width, height: box.height, fit: box.fit, withoutEnlargement: box.fit === 'inside' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new HttpError(400, typeMessage);
  }
}
