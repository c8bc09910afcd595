// WCAG 2.x contrast between two sRGB colours, used to keep white text readable on a report's accent colour.

/** The contrast white text needs on the accent colour (WCAG AA for normal-size text). */
export const MIN_ACCENT_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function rgbOf(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
}

function hexOf([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio (1 to 21) of white text on `hex`. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (relativeLuminance(hex) + 0.05);
}

/** The same hue, darkened step by step until white text on it reaches the minimum contrast. */
export function darkenForWhiteText(hex: string): string {
  const rgb = rgbOf(hex);
  for (let factor = 1; factor > 0; factor -= 0.02) {
    const candidate = hexOf([rgb[0] * factor, rgb[1] * factor, rgb[2] * factor]);
    if (contrastWithWhite(candidate) >= MIN_ACCENT_CONTRAST) return candidate;
  }
  return '#000000';
}

/** Why an accent colour is refused (white text on it would be hard to read), or null when it is fine. */
export function accentContrastProblem(hex: string): string | null {
  const ratio = contrastWithWhite(hex);
  if (ratio >= MIN_ACCENT_CONTRAST) return null;
  return `Accent colour ${hex.toUpperCase()} is too light for white text on it (contrast ${ratio.toFixed(1)}:1; at least ${MIN_ACCENT_CONTRAST}:1 is needed). Try a darker shade such as ${darkenForWhiteText(hex).toUpperCase()}.`;
}
