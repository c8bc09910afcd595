import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type AxeFinding = { id: string; impact: string | null | undefined; help: string; targets: string[] };

/** Serious and critical axe violations on the page as it is now (WCAG 2.x A/AA rules and best practice). */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
