import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function MarketResearchPage() {
  return <BeingBuiltPage title="Market research" />;
}
