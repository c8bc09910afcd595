import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function SearchResultPage() {
  return <BeingBuiltPage title="Opportunity details" />;
}
