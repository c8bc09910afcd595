import { AdminLayout } from '#client/features/admin/components/admin-layout.tsx';
import { AlertsPanel } from '#client/features/admin/components/alerts-panel.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { AdminGate } from './admin-gate.tsx';

export function AdminAlertsPage() {
  usePageMeta('Security alerts · Admin', 'Unbuilt admin console: security alerts.');
  return (
    <AdminGate>
      <AdminLayout title="Security alerts">
        <AlertsPanel />
      </AdminLayout>
    </AdminGate>
  );
}
