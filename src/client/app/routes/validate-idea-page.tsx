import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function ValidateIdeaPage() {
  return <BeingBuiltPage title="Validate an idea" />;
}
