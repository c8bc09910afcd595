import { AdminLayout } from '#client/features/admin/components/admin-layout.tsx';
import { UsersPanel } from '#client/features/admin/components/users-panel.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { AdminGate } from './admin-gate.tsx';

export function AdminUsersPage() {
  usePageMeta('Users · Admin', 'Unbuilt admin console: users.');
  return (
    <AdminGate>
      <AdminLayout title="Users">
        <UsersPanel />
      </AdminLayout>
    </AdminGate>
  );
}
