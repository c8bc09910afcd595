import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function HelpPage() {
  return <BeingBuiltPage title="Help & Docs" />;
}
