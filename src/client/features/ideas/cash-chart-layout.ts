import type { Projections } from '#shared/ideas/projections.ts';

// Where the cash chart's axis labels go. The y labels are compact money ("−$1.02M") so a loss keeps its
// sign inside the left margin, and the last month label is anchored at its end so "month 36" is not cut
// at the right edge (issue 29: "-$1,015,200" read as "$1,015,200", "month 36" as "month").

export const CHART = { width: 520, height: 220, pad: { left: 64, right: 12, top: 12, bottom: 28 }, fontSize: 10 };
export type AxisLabel = { text: string; x: number; y: number; anchor: 'start' | 'middle' | 'end' };

/** Axis money: "$120K", "−$1.02M" (the sign always written). */
export function formatAxisMoney(value: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumSignificantDigits: 3,
  }).format(value);
}

export function chartScales(projections: Projections) {
  const { width: W, height: H, pad } = CHART;
  const values = projections.scenarios.flatMap((s) => s.curve.map((p) => p.cumulative));
  const min = Math.min(0, ...values);
  const max = Math.max(0, ...values);
  const span = max - min || 1;
  return {
    min,
    max,
    x: (m: number) => pad.left + (m / projections.months) * (W - pad.left - pad.right),
    y: (v: number) => pad.top + ((max - v) / span) * (H - pad.top - pad.bottom),
  };
}

export function axisLabels(projections: Projections): { money: AxisLabel[]; months: AxisLabel[] } {
  const { x, y, min, max } = chartScales(projections);
  const { pad, height } = CHART;
  const ticks = [...new Set([min, (min + max) / 2, max])];
  const marks = [0, 12, 24, 36].filter((m) => m <= projections.months);
  return {
    money: ticks.map((t) => ({ text: formatAxisMoney(t), x: pad.left - 6, y: y(t) + 4, anchor: 'end' })),
    months: marks.map((m, i) => ({
      text: m === 0 ? 'start' : `month ${m}`,
      x: x(m),
      y: height - 8,
      anchor: i === 0 ? 'start' : i === marks.length - 1 ? 'end' : 'middle',
    })),
  };
}
