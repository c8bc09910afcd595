import { describe, expect } from 'vitest';
import { test } from './support/fixtures.ts';
import { auditLayout } from './support/layout-audit.ts';

// The layout audit finds what it claims to find: each rule is shown a page that breaks it (and one that
// keeps it), so a pass on the real routes means something.

const PAGE = `<!doctype html><html><body style="margin:0;background:#0b1120;color:#f1f5f9;font:16px sans-serif">
  <div style="background:#818cf8;padding:8px">
    <a id="blank" href="/x" style="color:#818cf8;display:inline-flex;min-height:44px;min-width:44px">Start trial</a>
  </div>
  <a id="ok" href="/y" style="color:#f1f5f9;display:inline-flex;min-height:44px;min-width:44px;align-items:center">Fine</a>
  <a id="small" href="/z" style="color:#f1f5f9;display:inline-block">Tiny</a>
  <p>Read the <a id="inline" href="/terms" style="color:#a5b4fc">terms</a> before you start.</p>
  <a href="#main" style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">Skip</a>
  <button id="translucent" style="background:rgba(255,255,255,0.05);color:#0b1120;min-height:44px;min-width:44px">Ghost</button>
  WIDE
</body></html>`;

describe('layout audit', () => {
  test('reports low contrast (on the composited background), small targets and overflow; not inline links or hidden skip links', async ({
    openPage,
  }) => {
    const { page } = await openPage({ viewport: { width: 360, height: 640 } });
    await page.setContent(PAGE.replace('WIDE', ''));
    const findings = await auditLayout(page, { checkTargets: true });
    const summary = findings.map((f) => `${f.rule} ${f.element}`);
    const has = (prefix: string) => summary.some((s) => s.startsWith(prefix));
    expect(has('contrast a#blank')).toBe(true);
    expect(has('contrast button#translucent')).toBe(true);
    expect(has('target a#small')).toBe(true);
    expect(summary.some((s) => s.includes('#ok') || s.includes('#inline'))).toBe(false);
    expect(summary.some((s) => s.includes('Skip'))).toBe(false);
    expect(summary.some((s) => s.startsWith('overflow'))).toBe(false);

    // At 390 px the audit holds links inside text to the tap-target size too (issue 29).
    const inline = await auditLayout(page, { checkTargets: true, checkInlineLinks: true });
    expect(inline.some((f) => f.rule === 'target' && f.element.startsWith('a#inline'))).toBe(true);

    await page.setContent(PAGE.replace('WIDE', '<div style="width:500px;height:10px"></div>'));
    const wide = await auditLayout(page, { checkTargets: false });
    expect(wide.map((f) => f.rule)).toContain('overflow');
    expect(wide.some((f) => f.rule === 'target')).toBe(false);
  });
});
