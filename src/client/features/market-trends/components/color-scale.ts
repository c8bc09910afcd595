// Viridis (matplotlib's perceptually uniform, colour-blind-safe map), 9 stops from low to high. Cells
// also print their value, so colour is never the only carrier of the number.
const VIRIDIS = ['#440154', '#472d7b', '#3b528b', '#2c728e', '#21918c', '#28ae80', '#5ec962', '#addc30', '#fde725'];

function hex(c: string): [number, number, number] {
  return [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
}

/** Colour of t ∈ [0, 1] on the viridis scale, interpolated between stops. */
export function viridis(t: number): string {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (VIRIDIS.length - 1);
  const i = Math.min(VIRIDIS.length - 2, Math.floor(x));
  const [a, b] = [hex(VIRIDIS[i]!), hex(VIRIDIS[i + 1]!)];
  const f = x - i;
  const mix = a.map((v, k) => Math.round(v + (b[k]! - v) * f));
  return `rgb(${mix.join(' ')})`;
}

function luminance(rgb: number[]): number {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Black or white text on the colour of t, whichever contrasts more (WCAG relative luminance). */
export function textOn(t: number): string {
  const rgb = viridis(t).slice(4, -1).split(' ').map(Number);
  const l = luminance(rgb);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000' : '#fff';
}

export function scalePosition(value: number, scale: { min: number; max: number }): number {
  return scale.max === scale.min ? 1 : (value - scale.min) / (scale.max - scale.min);
}

export const LEGEND_GRADIENT = `linear-gradient(to right, ${VIRIDIS.join(', ')})`;
