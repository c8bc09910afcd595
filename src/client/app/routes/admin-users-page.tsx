import { UsersPanel } from '#client/features/admin/components/users-panel.tsx';
import { AdminSection } from './admin-gate.tsx';

export function AdminUsersPage() {
  return (
    <AdminSection title="Users">
      <UsersPanel />
    </AdminSection>
  );
}
