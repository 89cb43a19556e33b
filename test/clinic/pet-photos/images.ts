// Test images made with sharp, and a small EXIF reader to tell whether a JPEG still carries a GPS
// position (the tags of its first IFD, and of the GPS IFD when there is one).
import sharp from 'sharp';

/** A JPEG photographed "at the owner's home": GPS position in its EXIF, rotated by orientation 6. */
export async function jpegWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a0522d' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '12/1 58/1 1234/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '77/1 35/1 4321/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 0, g: 128, b: 255, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** Noise does not compress: a real image of several hundred kilobytes. */
export async function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

export async function webp(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
}

/** Tags of IFD0 and of the GPS IFD in a sharp `metadata().exif` buffer ("Exif\0\0" + TIFF). */
export function exifTags(exif: Buffer | undefined): { ifd0: number[]; gps: number[] } {
  if (!exif) return { ifd0: [], gps: [] };
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const le = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const entries = (at: number) =>
    Array.from({ length: u16(at) }, (_, i) => ({ tag: u16(at + 2 + i * 12), value: u32(at + 10 + i * 12) }));
  const ifd0 = entries(u32(4));
  const pointer = ifd0.find((e) => e.tag === 0x8825);
  return { ifd0: ifd0.map((e) => e.tag), gps: pointer ? entries(pointer.value).map((e) => e.tag) : [] };
}
