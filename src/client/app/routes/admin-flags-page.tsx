import { AdminLayout } from '#client/features/admin/components/admin-layout.tsx';
import { FlagsPanel } from '#client/features/admin/components/flags-panel.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { AdminGate } from './admin-gate.tsx';

export function AdminFlagsPage() {
  usePageMeta('Feature flags · Admin', 'Unbuilt admin console: feature flags.');
  return (
    <AdminGate>
      <AdminLayout title="Feature flags">
        <FlagsPanel />
      </AdminLayout>
    </AdminGate>
  );
}
