import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx';

export const SHORTCUTS = [
  { keys: ['Ctrl', 'K'], altKeys: ['⌘', 'K'], action: 'Focus the search field (on pages that have one)' },
  { keys: ['?'], action: 'Open this list of keyboard shortcuts' },
  { keys: ['Enter'], action: 'Run the search (in the search field)' },
  { keys: ['Esc'], action: 'Close a dialog or menu' },
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

/** Loaded on demand (Radix stays out of the landing page's initial JavaScript). */
export function KeyboardShortcutsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Keyboard shortcuts</DialogTitle>
        <DialogDescription>
          Use these anywhere in Unbuilt. On a Mac, use ⌘ (Command) where Ctrl is shown.
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
            {SHORTCUTS.map((shortcut) => (
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
