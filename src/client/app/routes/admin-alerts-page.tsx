import { AlertsPanel } from '#client/features/admin/components/alerts-panel.tsx';
import { AdminSection } from './admin-gate.tsx';

export function AdminAlertsPage() {
  return (
    <AdminSection title="Security alerts">
      <AlertsPanel />
    </AdminSection>
  );
}
