import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import {
  BUNDLE_MALFORMED_MESSAGE,
  BUNDLE_TOO_LARGE_MESSAGE,
  MAX_BUNDLE_BYTES,
  bundleImportResultSchema,
  type BundleImportResult,
} from '#shared/exports/bundle.schemas.ts';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { postData } from '#client/lib/api-client.ts';
import { sharedQueryRoots } from '#client/lib/query-keys.ts';
import { toast } from '#client/lib/toast.ts';

/** Reads a chosen bundle file; a file too large or not JSON is refused here, before any upload. */
async function readBundle(file: File): Promise<unknown> {
  if (file.size >= MAX_BUNDLE_BYTES) throw new Error(BUNDLE_TOO_LARGE_MESSAGE);
  try {
    return JSON.parse(await file.text()) as unknown;
  } catch {
    throw new Error(BUNDLE_MALFORMED_MESSAGE);
  }
}

/** "Import analysis": a labelled file picker that imports a bundle as a read-only copy (any plan). */
export function ImportBundleButton({ onImported }: { onImported: (result: BundleImportResult) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const importBundle = useMutation({
    mutationFn: async (file: File) =>
      postData('/api/exports/bundles', await readBundle(file), bundleImportResultSchema, { timeoutMs: 120_000 }),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: sharedQueryRoots.searches });
      void toast({
        title: result.verified ? 'Analysis imported' : 'Imported, not verified',
        description: result.verified
          ? 'A read-only copy is now in your history.'
          : 'The signature does not match this server: the contents may have been changed since export.',
        variant: result.verified ? 'success' : 'warning',
      });
      onImported(result);
    },
    onError: (error) => void toast({ title: 'The import failed', description: error.message, variant: 'error' }),
  });
  return (
    <>
      <label
        htmlFor={inputId}
        className={`${buttonVariants({ variant: 'outline' })} cursor-pointer focus-within:ring-2 focus-within:ring-ring`}
        aria-busy={importBundle.isPending}
      >
        <Upload aria-hidden="true" />
        {importBundle.isPending ? 'Importing…' : 'Import analysis'}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".json,application/json"
        className="sr-only"
        disabled={importBundle.isPending}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) importBundle.mutate(file);
          if (input.current) input.current.value = '';
        }}
      />
    </>
  );
}
