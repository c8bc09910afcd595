import { SettingsPanel } from '#client/features/admin/components/settings-panel.tsx';
import { AdminSection } from './admin-gate.tsx';

export function AdminSettingsPage() {
  return (
    <AdminSection title="Settings">
      <SettingsPanel />
    </AdminSection>
  );
}
