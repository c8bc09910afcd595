import { describe, expect, it } from 'vitest';
import { project } from '#shared/ideas/projections.ts';
import { axisLabels, CHART, formatAxisMoney } from './cash-chart-layout.ts';

// Issue 29: the break-even chart clipped "-$1,015,200" to "$1,015,200" (a loss read as a gain) and
// "month 36" to "month". jsdom has no text layout, so a label's width is estimated generously: 0.62 em
// per character (wider than the digits and letters of the system sans at 10 px).

const extent = (l: { text: string; x: number; anchor: 'start' | 'middle' | 'end' }) => {
  const width = l.text.length * 0.62 * CHART.fontSize;
  const start = l.anchor === 'start' ? l.x : l.anchor === 'middle' ? l.x - width / 2 : l.x - width;
  return { start, end: start + width };
};

describe('cash chart axis labels', () => {
  it('keep a loss’s sign and every label inside the chart', () => {
    const p = project({ initialInvestment: 1_000_000, monthlyRevenue: 1_000, monthlyExpenses: 2_000 })!;
    const { money, months } = axisLabels(p);
    expect(money.map((l) => l.text)).toContain('$0');
    expect(money[0]!.text).toMatch(/^-\$1\.\d{1,2}M$/);
    expect(months.map((l) => l.text)).toEqual(['start', 'month 12', 'month 24', 'month 36']);
    for (const label of [...money, ...months]) {
      const { start, end } = extent(label);
      expect(start, label.text).toBeGreaterThanOrEqual(0);
      expect(end, label.text).toBeLessThanOrEqual(CHART.width);
    }
    for (const label of money) expect(extent(label).end).toBeLessThanOrEqual(CHART.pad.left);
  });

  it('writes compact money with its sign', () => {
    expect(formatAxisMoney(-1_015_200)).toBe('-$1.02M');
    expect(formatAxisMoney(120_000)).toBe('$120K');
  });
});
