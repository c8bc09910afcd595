import { AuditPanel } from '#client/features/admin/components/audit-panel.tsx';
import { AdminSection } from './admin-gate.tsx';

export function AdminAuditPage() {
  return (
    <AdminSection title="Audit log">
      <AuditPanel />
    </AdminSection>
  );
}
