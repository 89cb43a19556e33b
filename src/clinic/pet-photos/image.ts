// What a pet photo may be and what is kept of it. An upload is accepted when its leading bytes are
// a JPEG, PNG or WebP signature and sharp decodes it as that same format (the content decides, not
// the claimed type or the file name). What is kept is a fresh JPEG: turned upright by its EXIF
// orientation, fitted inside 1024×1024 without enlarging, flattened on white, sRGB, and carrying
// no metadata at all (sharp writes none unless asked), so no EXIF GPS position of the owner's home
// ever reaches the lost-pet page. JPEG because the passport PDF embeds it as it is (DCTDecode).
// sharp (a native library) is loaded on the first photo, not by every process that imports this.
import { ValidationError } from '../../core/errors.js';
import { FILE_TYPES } from '../documents/files.js';

export const PHOTO_FIELD = 'photo';
export const PHOTO_MAX_SIDE = 1024;
/** Refuses decompression bombs: a small file that claims a gigantic canvas. */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

const FORMATS = { jpeg: FILE_TYPES.jpeg, png: FILE_TYPES.png, webp: FILE_TYPES.webp } as const;
type Format = keyof typeof FORMATS;

export interface NormalisedPhoto {
  data: Buffer;
  width: number;
  height: number;
}

const NOT_AN_IMAGE = `The ${PHOTO_FIELD} field must be a JPEG, PNG or WebP image.`;

/** The format the leading bytes announce, or null (a cheap check before decoding anything). */
export function sniffPhoto(data: Buffer): Format | null {
  for (const [format, type] of Object.entries(FORMATS)) if (type.magic(data)) return format as Format;
  return null;
}

/** The stored form of an upload; a 422 on the photo field when it is not a decodable image. */
export async function normalisePhoto(data: Buffer): Promise<NormalisedPhoto> {
  const sniffed = sniffPhoto(data);
  if (!sniffed) throw ValidationError.field(PHOTO_FIELD, NOT_AN_IMAGE);
  const { default: sharp } = await import('sharp');
  const image = () => sharp(data, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' });
  let format: string | undefined;
  try {
    format = (await image().metadata()).format;
  } catch {
    throw ValidationError.field(PHOTO_FIELD, NOT_AN_IMAGE);
  }
  if (format !== sniffed) throw ValidationError.field(PHOTO_FIELD, NOT_AN_IMAGE);
  try {
    const { data: out, info } = await image()
      .rotate() // by the EXIF orientation, before the metadata is dropped
      .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data: out, width: info.width, height: info.height };
  } catch (err) {
    const pixels = /pixel limit/i.test(String((err as Error).message));
    throw ValidationError.field(
      PHOTO_FIELD,
      pixels
        ? `The ${PHOTO_FIELD} field must have at most ${PHOTO_MAX_INPUT_PIXELS} pixels.`
        : `The ${PHOTO_FIELD} field is not a readable image.`,
    );
  }
}
