import { useQuery } from '@tanstack/react-query';
import { useState, type KeyboardEvent } from 'react';
import {
  bindingConflicts,
  SHORTCUT_ACTIONS,
  shortcutLabel,
  type ShortcutAction,
} from '#shared/preferences/ui-preferences.schemas.ts';
import { Button } from '#client/components/ui/button.tsx';
import { isApiError } from '#client/lib/api-error.ts';
import { bindingFromEvent, bindingKeys, isMacPlatform } from '#client/lib/key-binding.ts';
import { uiPreferencesQueryOptions, useShortcutsUpdate } from '../api/ui-preferences-api.ts';

/** Settings → Keyboard shortcuts: every shortcut, change (press the new key), turn off or reset; saved on the server. */
export function ShortcutSettings() {
  const prefs = useQuery(uiPreferencesQueryOptions());
  const update = useShortcutsUpdate();
  const [recording, setRecording] = useState<ShortcutAction | null>(null);
  const [messages, setMessages] = useState<Partial<Record<ShortcutAction, string>>>({});
  const [status, setStatus] = useState('');
  const isMac = isMacPlatform();
  const bindings = prefs.data?.keyboardShortcuts;

  const save = (action: ShortcutAction, binding: string | null) => {
    if (!bindings) return;
    const conflict = bindingConflicts({ ...bindings, [action]: binding });
    const clash = Object.entries(conflict).find(([a, b]) => a === action || b === action);
    if (binding && clash) {
      const other = (clash[0] === action ? clash[1] : clash[0]) as ShortcutAction;
      setMessages({ [action]: `Already used by “${shortcutLabel(other)}”` });
      return;
    }
    update.mutate(
      { [action]: binding },
      {
        onSuccess: () => {
          setMessages({});
          setStatus(
            binding
              ? `${shortcutLabel(action)}: ${bindingKeys(binding, isMac).join(' + ')}`
              : `${shortcutLabel(action)}: off`,
          );
        },
        onError: (error) =>
          setMessages({
            [action]: isApiError(error)
              ? (Object.values(error.fieldErrors)[0] ?? error.message)
              : 'Not saved. Please try again.',
          }),
      },
    );
  };

  const onRecordKey = (action: ShortcutAction) => (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setRecording(null);
      setStatus('Recording cancelled.');
      return;
    }
    if (event.key === 'Tab') return;
    const binding = bindingFromEvent(event.nativeEvent);
    if (!binding) return;
    event.preventDefault();
    event.stopPropagation();
    setRecording(null);
    save(action, binding);
  };

  return (
    <section id="keyboard-shortcuts" aria-labelledby="shortcut-settings-title" className="rounded-lg border p-4">
      <h2 id="shortcut-settings-title" className="text-xl font-semibold">
        Keyboard shortcuts
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Change a shortcut by choosing Change and pressing the new key (with Ctrl/⌘, Alt or Shift if you like); Escape
        cancels. Changes apply at once and are saved to your account.
      </p>
      <p role="status" className="sr-only">
        {status}
      </p>
      {bindings ? (
        <ul className="mt-3 grid gap-3">
          {SHORTCUT_ACTIONS.map((a) => {
            const binding = bindings[a.id];
            const isRecording = recording === a.id;
            const messageId = `shortcut-${a.id}-message`;
            return (
              <li key={a.id} className="flex flex-wrap items-center gap-2 border-t pt-3">
                <span className="min-w-48 flex-1 text-sm font-medium" id={`shortcut-${a.id}-label`}>
                  {a.label}
                </span>
                <span className="text-sm" aria-label={`Current keys for ${a.label}`}>
                  {binding ? (
                    bindingKeys(binding, isMac).map((k) => (
                      <kbd key={k} className="mr-1 rounded border bg-muted px-2 py-0.5 font-mono text-xs">
                        {k}
                      </kbd>
                    ))
                  ) : (
                    <span className="text-muted-foreground">Off</span>
                  )}
                </span>
                <Button
                  variant={isRecording ? 'default' : 'outline'}
                  size="sm"
                  aria-describedby={messages[a.id] ? messageId : undefined}
                  onClick={() => setRecording(isRecording ? null : a.id)}
                  onKeyDown={isRecording ? onRecordKey(a.id) : undefined}
                  onBlur={() => isRecording && setRecording(null)}
                >
                  {isRecording ? 'Press the new key…' : 'Change'}
                  <span className="sr-only"> {a.label}</span>
                </Button>
                <Button variant="outline" size="sm" disabled={!binding} onClick={() => save(a.id, null)}>
                  Turn off<span className="sr-only"> {a.label}</span>
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={binding === a.defaultBinding}
                  onClick={() => save(a.id, a.defaultBinding)}
                >
                  Reset<span className="sr-only"> {a.label}</span>
                </Button>
                {messages[a.id] ? (
                  <p id={messageId} role="alert" className="w-full text-sm text-destructive">
                    {messages[a.id]}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-3 text-sm">Loading…</p>
      )}
    </section>
  );
}
