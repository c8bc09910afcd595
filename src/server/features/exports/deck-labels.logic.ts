import { shortenAtWord } from '#shared/searches/evidence-title.ts';

// Labels of the competition grid laid out from their measured text (issue 29: long names ran into one
// another and off the grid). Each label is cut at a word to at most MAX_LABEL_CHARS with an ellipsis, its
// width estimated from the font's average character width, and placed right of its dot, else left, moving
// up or down a line until it overlaps no other label and no dot and stays inside the grid. A label that finds
// no place is left off the grid and named in the slide's note instead.

export type Box = { x: number; y: number; w: number; h: number };
export type Dot = { cx: number; cy: number; r: number };
export type PlacedLabel = { text: string; box: Box; align: 'left' | 'right' };

export const LABEL_FONT_PT = 8;
const MAX_LABEL_CHARS = 28;
/** Average character width of Arial/Georgia at 1 pt, in inches (≈ 0.5 em; capitals and digits run wider). */
const CHAR_WIDTH_IN_PER_PT = 0.55 / 72;
const LINE_H = 0.2;
const PAD = 0.06;

export function labelWidth(text: string, fontPt = LABEL_FONT_PT): number {
  return text.length * CHAR_WIDTH_IN_PER_PT * fontPt + 2 * PAD;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

const inside = (b: Box, area: Box) =>
  b.x >= area.x && b.y >= area.y && b.x + b.w <= area.x + area.w && b.y + b.h <= area.y + area.h;

export function layoutLabels(
  points: readonly { label: string; dot: Dot }[],
  area: Box,
): { placed: (PlacedLabel | null)[] } {
  const dots: Box[] = points.map(({ dot }) => ({ x: dot.cx - dot.r, y: dot.cy - dot.r, w: 2 * dot.r, h: 2 * dot.r }));
  const taken: Box[] = [];
  const placed = points.map(({ label, dot }) => {
    const text = shortenAtWord(label, MAX_LABEL_CHARS);
    const w = labelWidth(text);
    const shifts = [0, -1, 1, -2, 2, -3, 3].map((n) => n * LINE_H);
    for (const dy of shifts) {
      for (const align of ['left', 'right'] as const) {
        const x = align === 'left' ? dot.cx + dot.r + 0.03 : dot.cx - dot.r - 0.03 - w;
        const box = { x, y: dot.cy - LINE_H / 2 + dy, w, h: LINE_H };
        if (!inside(box, area)) continue;
        if (taken.some((b) => overlaps(b, box)) || dots.some((d) => overlaps(d, box))) continue;
        taken.push(box);
        return { text, box, align };
      }
    }
    return null;
  });
  return { placed };
}
