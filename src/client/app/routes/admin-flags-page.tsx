import { FlagsPanel } from '#client/features/admin/components/flags-panel.tsx';
import { AdminSection } from './admin-gate.tsx';

export function AdminFlagsPage() {
  return (
    <AdminSection title="Feature flags">
      <FlagsPanel />
    </AdminSection>
  );
}
