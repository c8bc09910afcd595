// The one part of fontkit (pdfkit's font engine, a dependency of pdfkit) the PDF report uses: whether
// the embedded font has a glyph for a character. fontkit ships no types.
declare module 'fontkit' {
  export type Font = { hasGlyphForCodePoint(codePoint: number): boolean };
  export function create(buffer: Buffer): Font;
}
