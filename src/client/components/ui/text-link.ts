// The shared rule for a link that stands on its own (not inside a sentence): drawn as a link, sized as a
// control. `control` (styles.css) gives it a 44 × 44 px tap target like every button (docs/product/constants.md);
// a link inside a sentence keeps the size of its text (WCAG 2.5.8's inline exception).
export const textLinkClass =
  'control min-h-11 min-w-11 items-center text-primary underline underline-offset-4 hover:decoration-2';
