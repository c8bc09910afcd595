import { NOTIFICATION_FREQUENCIES, type NotificationFrequency } from '#shared/account/preferences.schemas.ts';
import type { AccountPreferences, AccountPreferencesUpdate } from '#shared/account/preferences.schemas.ts';
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  type NotificationCategory,
} from '#shared/notifications/notifications.schemas.ts';
import { Checkbox } from '#client/components/form/controls.tsx';

// Notification e-mails (ADR 027): how often, and about what. An empty category list means all of
// them (the spec default), so the last ticked box cannot be unticked: "Never" stops e-mail instead.

const FREQUENCY_LABELS: Record<NotificationFrequency, { label: string; hint: string }> = {
  immediate: { label: 'As it happens', hint: 'An e-mail within a minute or two of each notification.' },
  daily: { label: 'Daily summary', hint: 'One e-mail a day (after midnight UTC) with the previous day.' },
  weekly: { label: 'Weekly summary', hint: 'One e-mail on Monday (UTC) with the previous week.' },
  monthly: { label: 'Monthly summary', hint: 'One e-mail on the 1st with the previous month.' },
  never: { label: 'Never', hint: 'No notification e-mails; the bell still shows everything.' },
};

type Props = {
  preferences: AccountPreferences['notificationPreferences'];
  save: (patch: AccountPreferencesUpdate) => void;
};

export function NotificationSettings({ preferences, save }: Props) {
  const chosen = preferences.categories.length === 0 ? [...NOTIFICATION_CATEGORIES] : preferences.categories;
  const isOff = preferences.frequency === 'never';
  const toggle = (category: NotificationCategory, on: boolean) => {
    const next = on ? [...chosen, category] : chosen.filter((c) => c !== category);
    // All ticked is stored as the empty list: new categories added later are then included too.
    const categories = NOTIFICATION_CATEGORIES.every((c) => next.includes(c))
      ? []
      : NOTIFICATION_CATEGORIES.filter((c) => next.includes(c));
    save({ notificationPreferences: { categories } });
  };
  return (
    <>
      <p className="text-sm text-muted-foreground">
        The bell at the top shows every notification. Here you choose which ones are also e-mailed, and how often.
        Account e-mails (sign-in, password, billing) are always sent.
      </p>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">E-mail me</legend>
        {NOTIFICATION_FREQUENCIES.map((frequency) => (
          <label key={frequency} className="flex min-h-11 cursor-pointer items-start gap-3">
            <input
              type="radio"
              name="notification-frequency"
              value={frequency}
              className="size-5 shrink-0 accent-[var(--primary)]"
              checked={preferences.frequency === frequency}
              onChange={() => save({ notificationPreferences: { frequency } })}
              aria-describedby={`frequency-${frequency}-hint`}
            />
            <span>
              <span className="block text-sm font-medium">{FREQUENCY_LABELS[frequency].label}</span>
              <span id={`frequency-${frequency}-hint`} className="block text-xs text-muted-foreground">
                {FREQUENCY_LABELS[frequency].hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-1" disabled={isOff}>
        <legend className="text-sm font-medium">E-mail me when</legend>
        {NOTIFICATION_CATEGORIES.map((category) => {
          const isChecked = chosen.includes(category);
          const isLast = isChecked && chosen.length === 1;
          return (
            <Checkbox
              key={category}
              label={NOTIFICATION_CATEGORY_LABELS[category]}
              description={isLast ? 'At least one kind stays on; choose Never above to stop e-mails.' : undefined}
              checked={isChecked}
              disabled={isOff || isLast}
              onChange={(e) => toggle(category, e.target.checked)}
            />
          );
        })}
      </fieldset>
    </>
  );
}
