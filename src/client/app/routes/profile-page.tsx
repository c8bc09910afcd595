import { BeingBuiltPage } from '#client/components/layout/being-built-page.tsx';

// Placeholder until its issue lands.
export function ProfilePage() {
  return <BeingBuiltPage title="Profile" />;
}
