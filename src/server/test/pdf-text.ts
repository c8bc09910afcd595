import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page of a PDF (pdf.js, as a reader's viewer would extract it). */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** What page `n` (1-based) paints: its fill colours as #rrggbb and how many images it draws. */
export async function pdfPaint(pdf: Buffer, n = 1): Promise<{ fills: string[]; images: number }> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  const ops = await (await doc.getPage(n)).getOperatorList();
  const fills: string[] = [];
  let images = 0;
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] as ArrayLike<number> | null;
    if (fn === OPS.setFillRGBColor && args) {
      fills.push(`#${Array.from(args, (v) => v.toString(16).padStart(2, '0')).join('')}`);
    }
    if (fn === OPS.paintImageXObject) images++;
  });
  await doc.destroy();
  return { fills, images };
}
