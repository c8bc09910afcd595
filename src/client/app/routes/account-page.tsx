import { AccountSettings } from '#client/features/account/components/account-settings.tsx';
import { ReportBrandingSection } from '#client/app/report-branding-section.tsx';
import { ApiKeysPanel } from '#client/features/api-keys/components/api-keys-panel.tsx';
import { HelpLink } from '#client/features/help/components/help-link.tsx';
import { ShortcutSettings } from '#client/features/onboarding/components/shortcut-settings.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function AccountPage() {
  usePageMeta(
    'Account settings',
    'Theme, accessibility, notifications, privacy, sessions, report branding and API keys.',
  );
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <div className="flex items-start justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Account settings</h1>
        <HelpLink page="account" />
      </div>
      <AccountSettings />
      <ReportBrandingSection />
      <ShortcutSettings />
      <section aria-labelledby="section-api-keys" className="rounded-lg border bg-card p-6 text-card-foreground">
        <h2 id="section-api-keys" className="text-lg font-semibold">
          API keys
        </h2>
        <p className="mb-4 text-sm text-muted-foreground">Enterprise: use Unbuilt from your own tools.</p>
        <ApiKeysPanel />
      </section>
    </div>
  );
}
