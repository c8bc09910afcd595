import { AccountSettings } from '#client/features/account/components/account-settings.tsx';
import { ShortcutSettings } from '#client/features/onboarding/components/shortcut-settings.tsx';
import { usePageMeta } from '#client/lib/page-meta.ts';

export function AccountPage() {
  usePageMeta('Account settings', 'Theme, accessibility, notifications, privacy and sessions.');
  return (
    <div className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Account settings</h1>
      <AccountSettings />
      <ShortcutSettings />
    </div>
  );
}
