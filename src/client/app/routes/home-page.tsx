import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function HomePage() {
  return <BeingBuiltPage title="Discover" />;
}
