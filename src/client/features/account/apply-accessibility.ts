import type { AccessibilitySettingsDto } from '#shared/account/preferences.schemas.ts';

// The accessibility settings as classes on <html> (styles.css defines what each does).

const CLASSES: Record<keyof AccessibilitySettingsDto, string> = {
  highContrast: 'high-contrast',
  reducedMotion: 'reduce-motion',
  screenReaderOptimized: 'sr-optimized',
};

export function applyAccessibility(root: HTMLElement, settings: AccessibilitySettingsDto | null): void {
  for (const [key, className] of Object.entries(CLASSES) as [keyof AccessibilitySettingsDto, string][]) {
    root.classList.toggle(className, Boolean(settings?.[key]));
  }
}
