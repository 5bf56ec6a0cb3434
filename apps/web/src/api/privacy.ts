import type { AccountExport, DeleteAccountBody, MedicalView } from '@campwise/contract/privacy';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** Saves a JSON document through the browser's downloads. */
function saveJson(data: unknown, fileName: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click has been handled, so the download still has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Downloads everything Campwise keeps about the signed-in user, as a JSON file. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const data = await apiRequest<AccountExport>('GET', '/api/account/export');
      saveJson(data, `campwise-data-${data.exportedAt.slice(0, 10)}.json`);
    },
  });
}

/**
 * Deletes the account. The server has ended every session; the goodbye page clears this one,
 * after the settings page (which needs a session) has been left.
 */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiRequest('POST', '/api/account/delete', body),
  });
}

/** Which hosts have seen a child's medical notes, newest first. */
export function useMedicalViews(childId: number) {
  return useQuery({
    queryKey: ['children', 'medical-views', childId],
    queryFn: async () =>
      (await apiRequest<{ data: MedicalView[] }>('GET', `/camper/campers/${childId}/medical-views`)).data,
    enabled: Number.isInteger(childId) && childId > 0,
  });
}
