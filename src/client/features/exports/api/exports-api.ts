import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exportUsageSchema } from '#shared/exports/exports.schemas.ts';
import { saveBlob } from '#client/lib/save-blob.ts';
import { downloadFile, getData } from '#client/lib/api-client.ts';

// The exports feature: the monthly allowance, and downloading a file (saved through a temporary link).

export const exportsKeys = {
  all: ['exports'] as const,
  usage: () => ['exports', 'usage'] as const,
};

export function exportUsageQueryOptions() {
  return queryOptions({
    queryKey: exportsKeys.usage(),
    queryFn: () => getData('/api/exports/usage', exportUsageSchema),
    staleTime: 0,
  });
}

export function useDownloadExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (path: string) => {
      const file = await downloadFile(path);
      saveBlob(file.blob, file.fileName);
      return file.fileName;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: exportsKeys.usage() }),
  });
}

export const exportPaths = {
  pdf: (searchId: number) => `/api/exports/searches/${searchId}/pdf`,
  csv: (searchId: number) => `/api/exports/searches/${searchId}/csv`,
  bundle: (searchId: number) => `/api/exports/searches/${searchId}/bundle`,
  deck: (searchId: number, template: string) => `/api/exports/searches/${searchId}/pptx?template=${template}`,
  historyCsv: () => '/api/exports/history/csv',
  ideaPdf: (ideaId: number) => `/api/exports/ideas/${ideaId}/pdf`,
  planPdf: (planId: number) => `/api/exports/plans/${planId}/pdf`,
};
