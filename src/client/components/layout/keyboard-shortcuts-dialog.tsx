import { Link } from 'react-router';
import { SHORTCUT_ACTIONS } from '#shared/preferences/ui-preferences.schemas.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx';
import { useAuthStore } from '#client/lib/auth-store.ts';
import { bindingKeys, isMacPlatform } from '#client/lib/key-binding.ts';
import { useShortcutsStore } from '#client/lib/shortcuts-store.ts';

// Keys the browser and the page give everyone; they cannot be changed.
const FIXED_KEYS = [
  { keys: ['Enter'], action: 'Run the search (in the search field)' },
  { keys: ['Esc'], action: 'Close a dialog, menu or the tour' },
  { keys: ['Tab'], altKeys: ['Shift', 'Tab'], action: 'Move to the next or previous control' },
] as const;

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex gap-1">
      {keys.map((key) => (
        <kbd key={key} className="rounded border bg-muted px-2 py-0.5 font-mono text-xs">
          {key}
        </kbd>
      ))}
    </span>
  );
}

/** Loaded on demand (Radix stays out of the landing page's initial JavaScript). Shows the user's own bindings. */
export function KeyboardShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const bindings = useShortcutsStore((s) => s.bindings);
  const isSignedIn = useAuthStore((s) => s.status === 'signed-in');
  const isMac = isMacPlatform();
  const actions = SHORTCUT_ACTIONS.filter((a) => isSignedIn || a.id === 'focusSearch' || a.id === 'openShortcuts');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>
          Use these anywhere in Unbuilt (outside text fields, except those with Ctrl or ⌘).
          {isSignedIn ? (
            <>
              {' '}
              <Link to="/account#keyboard-shortcuts" className="underline" onClick={() => onOpenChange(false)}>
                Change them in Settings
              </Link>
              .
            </>
          ) : null}
        </DialogDescription>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Keyboard shortcuts</caption>
          <thead>
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">
                Keys
              </th>
              <th scope="col" className="py-2 font-medium">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {actions.map((a) => {
              const binding = bindings[a.id];
              return (
                <tr key={a.id} className="border-t">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {binding ? (
                      <Keys keys={bindingKeys(binding, isMac)} />
                    ) : (
                      <span className="text-muted-foreground">Off</span>
                    )}
                  </td>
                  <td className="py-2">{a.label}</td>
                </tr>
              );
            })}
            {FIXED_KEYS.map((shortcut) => (
              <tr key={shortcut.action} className="border-t">
                <td className="py-2 pr-4 whitespace-nowrap">
                  <Keys keys={shortcut.keys} />
                  {'altKeys' in shortcut ? (
                    <>
                      <span className="mx-1 text-muted-foreground">or</span>
                      <Keys keys={shortcut.altKeys} />
                    </>
                  ) : null}
                </td>
                <td className="py-2">{shortcut.action}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DialogContent>
    </Dialog>
  );
}
