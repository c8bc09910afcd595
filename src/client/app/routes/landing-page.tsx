import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function LandingPage() {
  return <BeingBuiltPage title="Discover What's Still Unbuilt" />;
}
