import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function HistoryPage() {
  return <BeingBuiltPage title="Search history" />;
}
