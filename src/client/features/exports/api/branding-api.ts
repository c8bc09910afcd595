import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brandingSchema,
  type Branding,
  type BrandingLogo,
  type BrandingUpdate,
} from '#shared/exports/branding.schemas.ts';
import { deleteData, downloadFile, requestEnvelope } from '#client/lib/api-client.ts';

// Report branding (/api/exports/branding, see the server's branding.routes.ts): the settings, the logo
// as a data: URL (the page's CSP allows data: images, not blob:), saving, uploading and removing.

export const brandingKeys = {
  settings: () => ['exports', 'branding'] as const,
  logo: (logo: BrandingLogo | null) => ['exports', 'branding', 'logo', logo?.id ?? 0, logo?.updatedAt ?? ''] as const,
};

export function brandingQueryOptions() {
  return queryOptions({
    queryKey: brandingKeys.settings(),
    queryFn: async () => (await requestEnvelope('/api/exports/branding', brandingSchema)).data,
  });
}

/** A file as a data: URL (its base64 is also what the upload sends). */
export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The stored logo as a data: URL (null while it loads, or when there is none). */
export function useLogoDataUrl(logo: BrandingLogo | null): string | null {
  const query = useQuery({
    queryKey: brandingKeys.logo(logo),
    queryFn: async () => readAsDataUrl((await downloadFile(`/api/exports/branding/logos/${String(logo?.id)}`)).blob),
    enabled: logo !== null,
    staleTime: Infinity,
  });
  return logo ? (query.data ?? null) : null;
}

function useBrandingMutation<Input>(call: (input: Input) => Promise<Branding>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (data) => queryClient.setQueryData(brandingKeys.settings(), data),
  });
}

export function useSaveBranding() {
  return useBrandingMutation(
    async (input: BrandingUpdate) =>
      (await requestEnvelope('/api/exports/branding', brandingSchema, { method: 'PUT', body: input })).data,
  );
}

/** Uploads a logo given as a data: URL. */
export function useUploadLogo() {
  return useBrandingMutation(
    async (dataUrl: string) =>
      (
        await requestEnvelope('/api/exports/branding/logo', brandingSchema, {
          method: 'PUT',
          body: { data: dataUrl.slice(dataUrl.indexOf(',') + 1) },
        })
      ).data,
  );
}

export function useRemoveLogo() {
  return useBrandingMutation(() => deleteData('/api/exports/branding/logo', brandingSchema));
}
