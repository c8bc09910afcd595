import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function TermsPage() {
  return <BeingBuiltPage title="Terms of Service" />;
}
