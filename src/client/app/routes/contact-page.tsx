import { useAuthStore } from '#client/lib/auth-store.ts';
import { ContactSalesForm } from '#client/features/billing/components/contact-sales-form.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

/** /contact: the enterprise sales form. */
export function ContactPage() {
  usePageMeta(
    'Contact Sales',
    'Talk to the Unbuilt team about Enterprise: team management, white-label options and API access.',
  );
  const user = useAuthStore((state) => state.user);
  return (
    <div className="mx-auto grid max-w-xl gap-6 px-4 py-10">
      <header>
        <h1 className="text-3xl font-bold">Contact Sales</h1>
        <p className="mt-2 text-muted-foreground">
          Tell us about your team. Enterprise includes everything in Pro plus a dedicated account manager, team
          management, white-label options and full REST API access.
        </p>
      </header>
      <ContactSalesForm defaultEmail={user?.email} defaultName={user?.name ?? undefined} />
    </div>
  );
}
