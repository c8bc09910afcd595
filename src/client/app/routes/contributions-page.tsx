import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '#client/config/paths.ts';
import { contributionsQueryOptions } from '#client/features/resources/api/resources-api.ts';
import { ContributionForm } from '#client/features/resources/components/contribution-form.tsx';
import { ReviewQueue } from '#client/features/resources/components/review-queue.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { usePageMeta } from '#client/lib/page-meta.ts';

const STATUS_LABEL = { pending: 'Pending review', approved: 'Approved', rejected: 'Not added' } as const;

/** /contributions: suggest a resource; my suggestions and their review; the review queue for admins. */
export function ContributionsPage() {
  usePageMeta('Contributions', 'Suggest a resource for the library and follow its review.');
  const isAdmin = useAuthStore((s) => s.user?.role === 'admin');
  const mine = useQuery(contributionsQueryOptions());
  const items = mine.data?.items ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold">Contributions</h1>
      <p className="mt-1 text-muted-foreground">
        Know a guide, template, tool or data source other founders should have? Suggest it. A reviewer checks each
        suggestion before it joins the library.
      </p>
      <section aria-labelledby="suggest-heading" className="mt-6 rounded-lg border p-4">
        <h2 id="suggest-heading" className="text-lg font-semibold">
          Suggest a resource
        </h2>
        <div className="mt-3">
          <ContributionForm />
        </div>
      </section>
      <section aria-labelledby="mine-heading" className="mt-8">
        <h2 id="mine-heading" className="text-xl font-semibold">
          Your suggestions
        </h2>
        {mine.data && items.length === 0 ? (
          <p className="mt-2 text-muted-foreground">You have not suggested anything yet.</p>
        ) : null}
        <ul className="mt-3 grid gap-3">
          {items.map((c) => (
            <li key={c.id} className="rounded-lg border p-3">
              <p className="font-medium">{c.title}</p>
              <p className="text-sm">
                <span className="font-medium">{STATUS_LABEL[c.status]}</span>
                {c.reviewedAt ? ` on ${c.reviewedAt.slice(0, 10)}` : ''}
                {c.resourceId ? (
                  <>
                    {' · '}
                    <Link to={paths.resource.href(c.resourceId)} className="underline">
                      See it in the library
                    </Link>
                  </>
                ) : null}
              </p>
              {c.adminNotes ? <p className="mt-1 text-sm">Reviewer’s note: {c.adminNotes}</p> : null}
            </li>
          ))}
        </ul>
      </section>
      {isAdmin ? <ReviewQueue /> : null}
    </div>
  );
}
