import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function AnalyticsPage() {
  return <BeingBuiltPage title="Analytics" />;
}
