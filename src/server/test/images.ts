import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

// Image files for tests: a PNG encoder (RGBA, 8 bits, filter 0) and a JPEG logo made with poppler's
// pdftoppm (src/server/test/fixtures/logo.jpg, 240 × 80).

export const JPEG_LOGO = fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'logo.jpg'));

export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** An RGBA PNG: a coloured disc on a transparent ground. */
export function pngLogo(width = 96, height = 48, colour: [number, number, number] = [185, 28, 28]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  const r = Math.min(width, height) / 2;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const inside = (x - r) ** 2 + (y - r) ** 2 <= r * r;
      row.set(inside ? [...colour, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The header of a real PNG (signature and IHDR of `width` × `height`) followed by `tail`. */
export function pngHeaderThen(tail: Buffer, width = 64, height = 64): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), tail]);
}
