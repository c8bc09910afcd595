import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function FreeTrialPage() {
  return <BeingBuiltPage title="Free Pro trial" />;
}
