import { AdminLayout } from '#client/features/admin/components/admin-layout.tsx';
import { ReviewQueue } from '#client/features/resources/components/review-queue.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';
import { AdminGate } from './admin-gate.tsx';

/** The resource library's review queue (the resources feature's own component and review service). */
export function AdminContributionsPage() {
  usePageMeta('Contributions · Admin', 'Unbuilt admin console: resource suggestions to review.');
  return (
    <AdminGate>
      <AdminLayout title="Contributions">
        <ReviewQueue />
      </AdminLayout>
    </AdminGate>
  );
}
