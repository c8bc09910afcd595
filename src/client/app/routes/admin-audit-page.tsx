import { AdminLayout } from '#client/features/admin/components/admin-layout.tsx';
import { AuditPanel } from '#client/features/admin/components/audit-panel.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { AdminGate } from './admin-gate.tsx';

export function AdminAuditPage() {
  usePageMeta('Audit log · Admin', 'Unbuilt admin console: audit log.');
  return (
    <AdminGate>
      <AdminLayout title="Audit log">
        <AuditPanel />
      </AdminLayout>
    </AdminGate>
  );
}
