import zlib from 'node:zlib';
import {
  LOGO_MAX_BYTES,
  LOGO_MAX_SIDE,
  LOGO_MIN_SIDE,
  LOGO_TOO_LARGE_MESSAGE,
  LOGO_TYPE_MESSAGE,
  type LogoType,
} from '#shared/exports/branding.schemas.ts';
import { AppError } from '../../lib/platform/app-error.ts';

// A report logo is checked as an image before it is stored: the type from its magic bytes (never from a
// name or a declared type), then its structure read to the end — a PNG's chunks with their CRCs, its header,
// and its compressed pixels inflated to exactly the size the header promises; a JPEG's segments up to the
// end-of-image marker with a frame header giving its size. A PNG signature in front of garbage, an SVG, a
// GIF or a truncated file is refused with a message saying which; the pixel size is checked before anything
// is inflated, so a small file claiming 100,000 × 100,000 pixels costs nothing.

export type LogoImage = { mimeType: LogoType; width: number; height: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DAMAGED_PNG = 'The logo file is damaged: it starts like a PNG image but is not a complete one.';
const DAMAGED_JPEG = 'The logo file is damaged: it starts like a JPEG image but is not a complete one.';

function refuse(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { data: message });
}

function checkSides(width: number, height: number): void {
  if (width < LOGO_MIN_SIDE || height < LOGO_MIN_SIDE || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    throw refuse(
      `The logo is ${width} × ${height} pixels; each side must be between ${LOGO_MIN_SIDE} and ${LOGO_MAX_SIDE} pixels.`,
    );
  }
}

/** Channels per pixel of each PNG colour type, and the bit depths it allows. */
const PNG_COLOUR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

/** Adam7 passes (x start, y start, x step, y step); a non-interlaced image is one pass of the whole. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Row count and bytes per row (filter byte included) of each pass. */
function scanlinePasses(width: number, height: number, bitsPerPixel: number, interlaced: boolean) {
  const passes = interlaced ? ADAM7 : ([[0, 0, 1, 1]] as const);
  return passes
    .map(([xs, ys, dx, dy]) => ({
      rows: Math.max(0, Math.ceil((height - ys) / dy)),
      cols: Math.max(0, Math.ceil((width - xs) / dx)),
    }))
    .filter((p) => p.rows > 0 && p.cols > 0)
    .map((p) => ({ rows: p.rows, rowBytes: 1 + Math.ceil((p.cols * bitsPerPixel) / 8) }));
}

function readPng(file: Buffer): LogoImage {
  let offset = PNG_SIGNATURE.length;
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | null = null;
  let hasPalette = false;
  let ended = false;
  const idat: Buffer[] = [];
  while (offset < file.length) {
    if (ended || offset + 12 > file.length) throw refuse(DAMAGED_PNG);
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > file.length) throw refuse(DAMAGED_PNG);
    const data = file.subarray(offset + 8, offset + 8 + length);
    if (zlib.crc32(file.subarray(offset + 4, offset + 8 + length)) !== file.readUInt32BE(offset + 8 + length)) {
      throw refuse(DAMAGED_PNG);
    }
    if (header === null && type !== 'IHDR') throw refuse(DAMAGED_PNG);
    if (type === 'IHDR') {
      if (header !== null || length !== 13) throw refuse(DAMAGED_PNG);
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data.readUInt8(8),
        colour: data.readUInt8(9),
        interlaced: data.readUInt8(12) === 1,
      };
      const kind = PNG_COLOUR_TYPES[header.colour];
      if (!kind?.depths.includes(header.depth) || data.readUInt8(10) !== 0 || data.readUInt8(11) !== 0) {
        throw refuse(DAMAGED_PNG);
      }
      if (data.readUInt8(12) > 1) throw refuse(DAMAGED_PNG);
      checkSides(header.width, header.height);
    } else if (type === 'PLTE') hasPalette = true;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') ended = true;
    offset = end;
  }
  if (!header || !ended || idat.length === 0 || (header.colour === 3 && !hasPalette)) throw refuse(DAMAGED_PNG);
  const bitsPerPixel = (PNG_COLOUR_TYPES[header.colour]?.channels ?? 1) * header.depth;
  const passes = scanlinePasses(header.width, header.height, bitsPerPixel, header.interlaced);
  const expected = passes.reduce((sum, p) => sum + p.rows * p.rowBytes, 0);
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    throw refuse(DAMAGED_PNG);
  }
  if (pixels.length !== expected) throw refuse(DAMAGED_PNG);
  let row = 0;
  for (const pass of passes) {
    for (let r = 0; r < pass.rows; r++, row += pass.rowBytes) {
      if ((pixels[row] ?? 5) > 4) throw refuse(DAMAGED_PNG);
    }
  }
  return { mimeType: 'image/png', width: header.width, height: header.height };
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function readJpeg(file: Buffer): LogoImage {
  let offset = 2;
  let size: { width: number; height: number } | null = null;
  let scans = 0;
  while (offset < file.length) {
    if (file[offset] !== 0xff) throw refuse(DAMAGED_JPEG);
    while (file[offset] === 0xff) offset++;
    const marker = file[offset++];
    if (marker === undefined) throw refuse(DAMAGED_JPEG);
    if (marker === 0xd9) {
      if (!size || scans === 0 || offset !== file.length) throw refuse(DAMAGED_JPEG);
      return { mimeType: 'image/jpeg', ...size };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (offset + 2 > file.length) throw refuse(DAMAGED_JPEG);
    const length = file.readUInt16BE(offset);
    if (length < 2 || offset + length > file.length) throw refuse(DAMAGED_JPEG);
    if (SOF_MARKERS.has(marker)) {
      if (length < 8) throw refuse(DAMAGED_JPEG);
      const components = file.readUInt8(offset + 7);
      size = { height: file.readUInt16BE(offset + 3), width: file.readUInt16BE(offset + 5) };
      if (![1, 3, 4].includes(components) || length !== 8 + components * 3) throw refuse(DAMAGED_JPEG);
      checkSides(size.width, size.height);
    }
    offset += length;
    if (marker === 0xda) {
      if (!size) throw refuse(DAMAGED_JPEG);
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      const start = offset;
      while (offset + 1 < file.length) {
        const next = file[offset + 1] ?? 0;
        if (file[offset] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break;
        offset++;
      }
      if (offset === start || offset + 1 >= file.length) throw refuse(DAMAGED_JPEG);
      scans++;
    }
  }
  throw refuse(DAMAGED_JPEG);
}

/** The logo's type and pixel size, or an AppError saying why the file is refused. */
export function readLogoImage(file: Buffer): LogoImage {
  if (file.length > LOGO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LOGO_TOO_LARGE_MESSAGE);
  if (file.subarray(0, 8).equals(PNG_SIGNATURE)) return readPng(file);
  if (file[0] === 0xff && file[1] === 0xd8 && file[2] === 0xff) return readJpeg(file);
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', LOGO_TYPE_MESSAGE, { data: LOGO_TYPE_MESSAGE });
}
