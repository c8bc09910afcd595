import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { THEMES, type Theme } from '#shared/app/app.constants.ts';
import type { AccountPreferences, AccountPreferencesUpdate } from '#shared/account/preferences.schemas.ts';
import { Checkbox } from '#client/components/form/controls.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { paths } from '#client/config/paths.ts';
import { useThemeStore } from '#client/lib/theme-store.ts';
import { toast } from '#client/lib/toast.ts';
import {
  mergePreferences,
  preferencesQueryOptions,
  useRevokeOtherSessions,
  useUpdatePreferences,
} from '../api/preferences-api.ts';
import { NotificationSettings } from './notification-settings.tsx';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

function Section({
  title,
  description,
  anchor,
  children,
}: {
  title: string;
  description?: string;
  /** The id a link's #hash opens the page at (paths.account.href(anchor)). */
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={anchor}
      aria-labelledby={`section-${title}`}
      className="scroll-mt-20 rounded-lg border bg-card p-6 text-card-foreground"
    >
      <h2 id={`section-${title}`} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4 grid gap-3">{children}</div>
    </section>
  );
}

export function AccountSettings() {
  const { data, isPending, isError } = useQuery(preferencesQueryOptions());
  if (isPending) return <PageSpinner label="Loading your settings" />;
  if (isError) return <p role="alert">Your settings could not be loaded. Please try again.</p>;
  return <AccountSettingsForm preferences={data} />;
}

function AccountSettingsForm({ preferences: loaded }: { preferences: AccountPreferences }) {
  const update = useUpdatePreferences();
  const revoke = useRevokeOtherSessions();
  // The device's theme has one owner, the theme store: the header toggle and these radios show the same choice
  // (PreferencesSync saves it to the account).
  const localTheme = useThemeStore((state) => state.theme);
  const setLocalTheme = useThemeStore((state) => state.setTheme);
  const [revokedMessage, setRevokedMessage] = useState<string | null>(null);
  // The controls own their state so a click shows at once (the query cache notifies a tick later,
  // after a controlled checkbox would already have flipped back).
  const [preferences, setPreferences] = useState(loaded);
  const save = (patch: AccountPreferencesUpdate) => {
    const previous = preferences;
    setPreferences(mergePreferences(previous, patch));
    update.save(patch, {
      onError: () => {
        setPreferences(previous);
        void toast({ title: 'Settings not saved', description: 'Please try again.', variant: 'error' });
      },
    });
  };
  const { accessibilitySettings: a11y } = preferences;
  // /account#notifications opens at that section: the sections exist only once the settings have loaded.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="grid gap-6">
      <Section title="Appearance">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Theme</legend>
          <div className="flex flex-wrap gap-4">
            {THEMES.map((theme) => (
              <label key={theme} className="flex min-h-11 cursor-pointer items-center gap-2">
                <input
                  type="radio"
                  name="theme"
                  value={theme}
                  className="size-5 shrink-0 accent-[var(--primary)]"
                  checked={localTheme === theme}
                  onChange={() => setLocalTheme(theme)}
                />
                {THEME_LABELS[theme]}
              </label>
            ))}
          </div>
        </fieldset>
      </Section>

      <Section title="Accessibility" description="Applied across the whole app on every device you sign in to.">
        <Checkbox
          label="High contrast"
          description="Stronger colours and borders."
          checked={a11y.highContrast}
          onChange={(e) => save({ accessibilitySettings: { highContrast: e.target.checked } })}
        />
        <Checkbox
          label="Reduced motion"
          description="Turns off animations and transitions."
          checked={a11y.reducedMotion}
          onChange={(e) => save({ accessibilitySettings: { reducedMotion: e.target.checked } })}
        />
        <Checkbox
          label="Screen reader optimised"
          description="Underlined links, always-visible focus and no decorative effects."
          checked={a11y.screenReaderOptimized}
          onChange={(e) => save({ accessibilitySettings: { screenReaderOptimized: e.target.checked } })}
        />
      </Section>

      <Section title="Notifications" anchor="notifications">
        <NotificationSettings preferences={preferences.notificationPreferences} save={save} />
      </Section>

      <Section title="Privacy">
        <Checkbox
          label="Opt out of analytics"
          description="From the moment you opt out, no product analytics event is recorded for your account. To delete the events already recorded, use Delete my analytics data on the Analytics page."
          checked={preferences.analyticsOptOut}
          onChange={(e) => save({ analyticsOptOut: e.target.checked })}
        />
      </Section>

      <Section title="Security">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link to={paths.changePassword.href()}>Change password</Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.profileEdit.href()}>Edit profile</Link>
          </Button>
          <Button
            variant="destructive"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(undefined, {
                onSuccess: ({ revokedSessions }) =>
                  setRevokedMessage(
                    revokedSessions === 1
                      ? 'Signed out of 1 other session.'
                      : `Signed out of ${revokedSessions} other sessions.`,
                  ),
              })
            }
          >
            Sign out of all other sessions
          </Button>
        </div>
        {revokedMessage ? (
          <p role="status" className="text-sm">
            {revokedMessage}
          </p>
        ) : null}
      </Section>
    </div>
  );
}
