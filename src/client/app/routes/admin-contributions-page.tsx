import { ReviewQueue } from '#client/features/resources/components/review-queue.tsx';
import { AdminSection } from './admin-gate.tsx';

/** The resource library's review queue (the resources feature's own component and review service). */
export function AdminContributionsPage() {
  return (
    <AdminSection title="Contributions">
      <ReviewQueue />
    </AdminSection>
  );
}
