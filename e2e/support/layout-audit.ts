import type { Page } from 'playwright-core';

// The layout audit run on every route (issue 13): horizontal overflow, text contrast of every visible
// button and link against the background it is painted on, and tap-target size on touch widths. All of
// it is measured in the page, from computed styles and boxes, as the browser paints it.

export type AuditFinding = { rule: 'overflow' | 'contrast' | 'target'; element: string; detail: string };

/** WCAG 2.2 AA text contrast and the house tap-target minimum (docs/product/constants.md). */
export const MIN_CONTRAST = 4.5;
export const MIN_TARGET_PX = 44;

// Runs in the page; a string because this file is type-checked without the DOM library.
const AUDIT_SCRIPT = `(({ checkTargets, checkInlineLinks, minContrast, minTarget }) => {
  const findings = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 3)
      .map(describe);
    findings.push({ rule: 'overflow', element: 'html', detail: 'scrollWidth ' + root.scrollWidth + ' > clientWidth ' + root.clientWidth + ' (' + wide.join(', ') + ')' });
  }

  function describe(el) {
    const name = (el.getAttribute('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + name + '"';
  }
  function parse(color) {
    const ctx = parse.ctx || (parse.ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true }));
    ctx.clearRect(0, 0, 1, 1);
    ctx.fillStyle = '#000';
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
    return { r, g, b, a: a / 255 };
  }
  function over(top, bottom) {
    const a = top.a;
    return { r: top.r * a + bottom.r * (1 - a), g: top.g * a + bottom.g * (1 - a), b: top.b * a + bottom.b * (1 - a), a: 1 };
  }
  function luminance({ r, g, b }) {
    const [R, G, B] = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  }
  // The colour an element's text is painted on: its own and its ancestors' backgrounds, composited.
  // Returns null under a background image (a gradient or picture: no single colour to compare).
  function backgroundOf(el) {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.backgroundImage !== 'none') return null;
      const color = parse(style.backgroundColor);
      if (color.a > 0) layers.push(color);
      if (color.a >= 1) break;
    }
    let result = parse(getComputedStyle(document.body).backgroundColor);
    if (result.a < 1) result = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  }
  function isVisible(el) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    if (el.closest('[aria-hidden="true"], [inert]')) return false;
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    // Visually hidden until focused (the skip link, .sr-only): clipped to nothing.
    for (let node = el; node; node = node.parentElement) {
      const s = getComputedStyle(node);
      if (s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') return false;
    }
    return true;
  }
  // WCAG 2.5.8: a link inside a sentence (drawn inline, with other text beside it) is sized by that text.
  function isInlineInText(el) {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    // The sentence is the nearest ancestor that is not itself inline (a <span> wrapper is part of the line).
    let parent = el.parentElement;
    while (parent && getComputedStyle(parent).display === 'inline') parent = parent.parentElement;
    if (!parent) return false;
    const text = (parent.textContent || '').replace(/\\s+/g, ' ').trim();
    const own = (el.textContent || '').replace(/\\s+/g, ' ').trim();
    return text.length > own.length + 2;
  }

  const interactive = document.querySelectorAll('a[href], button, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="checkbox"], [role="switch"], input:not([type="hidden"]), select, textarea, summary');
  for (const el of interactive) {
    if (!isVisible(el) || el.matches(':disabled, [aria-disabled="true"]')) continue;
    const style = getComputedStyle(el);
    const isTextControl = el.matches('a, button, [role="button"], [role="link"], [role="tab"], [role="menuitem"], summary');
    if (isTextControl && (el.textContent || '').trim() !== '') {
      const background = backgroundOf(el);
      if (background) {
        const text = over(parse(style.color), background);
        const [hi, lo] = [luminance(text), luminance(background)].sort((x, y) => y - x);
        const ratio = (hi + 0.05) / (lo + 0.05);
        if (ratio < minContrast) findings.push({ rule: 'contrast', element: describe(el), detail: ratio.toFixed(2) + ':1 (' + style.color + ' on rgb(' + [background.r, background.g, background.b].map(Math.round).join(', ') + '))' });
      }
    }
    if (!checkTargets || (isInlineInText(el) && !checkInlineLinks)) continue;
    // A control drawn smaller than its label (a checkbox, a radio) is sized by the label that toggles it.
    const target = el.matches('input[type="checkbox"], input[type="radio"]') && el.labels && el.labels[0] ? el.labels[0] : el;
    const box = target.getBoundingClientRect();
    const elBox = el.getBoundingClientRect();
    const width = Math.max(box.width, elBox.width);
    const height = Math.max(box.height, elBox.height);
    if (width < minTarget - 0.5 || height < minTarget - 0.5) findings.push({ rule: 'target', element: describe(el), detail: Math.round(width) + '×' + Math.round(height) + ' px' });
  }
  return findings;
})`;

/**
 * Every finding on the page as it is now; an empty list when the page passes. `checkInlineLinks`
 * (issue 29): links inside a sentence are held to the tap-target size too (WCAG exempts them; on a
 * phone a 14 px evidence link in a line of text is still missed by a thumb).
 */
export function auditLayout(
  page: Page,
  options: { checkTargets: boolean; checkInlineLinks?: boolean },
): Promise<AuditFinding[]> {
  const settings = {
    checkTargets: options.checkTargets,
    checkInlineLinks: options.checkInlineLinks ?? false,
    minContrast: MIN_CONTRAST,
    minTarget: MIN_TARGET_PX,
  };
  return page.evaluate<AuditFinding[]>(`${AUDIT_SCRIPT}(${JSON.stringify(settings)})`);
}
