import { describe, expect, it } from 'vitest';
import { scalePosition, textOn, viridis } from './color-scale.ts';

function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const rgb = c.startsWith('#')
      ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2).padEnd(2, c.slice(i, i + 1)), 16))
      : c.slice(4, -1).split(' ').map(Number);
    const [r, g, bl] = rgb.map((v) => {
      const x = v / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

describe('viridis scale', () => {
  it('runs from dark purple to yellow and clamps outside [0, 1]', () => {
    expect(viridis(0)).toBe('rgb(68 1 84)');
    expect(viridis(1)).toBe('rgb(253 231 37)');
    expect(viridis(-3)).toBe(viridis(0));
    expect(viridis(Number.NaN)).toBe(viridis(0));
  });

  it('prints cell text with at least 4.5:1 contrast everywhere on the scale', () => {
    for (let i = 0; i <= 100; i++) {
      const t = i / 100;
      const text = textOn(t) === '#000' ? '#000000' : '#ffffff';
      expect(contrast(viridis(t), text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('places a value between the scale ends, a one-value scale at the top', () => {
    expect(scalePosition(5, { min: 0, max: 10 })).toBe(0.5);
    expect(scalePosition(3, { min: 3, max: 3 })).toBe(1);
  });
});
