import type {
  CampForms,
  FormFile,
  ParentCampForms,
  Question,
  QuestionBody,
  SaveAnswersBody,
  Signature,
  SignWaiverBody,
  Waiver,
  WaiverBody,
} from '@campwise/contract/camp-forms';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { campKeys } from './camps.ts';
import { apiRequest, apiUpload } from './client.ts';
import { validId } from './ids.ts';
import { registrationKeys } from './registrations.ts';

export const campFormKeys = {
  host: (campId: number) => [...campKeys.hostCamp(campId), 'forms'] as const,
  family: (campId: number) => ['camp-forms', 'family', campId] as const,
};

/** The camp's questions and waivers, as its host edits them. */
export function useHostCampForms(campId: number) {
  return useQuery({
    queryKey: campFormKeys.host(campId),
    queryFn: async () => (await apiRequest<{ data: CampForms }>('GET', `/host/camp/${campId}/forms`)).data,
    enabled: validId(campId),
  });
}

type HostChange =
  | { kind: 'addQuestion'; body: QuestionBody }
  | { kind: 'updateQuestion'; id: number; body: QuestionBody }
  | { kind: 'deleteQuestion'; id: number }
  | { kind: 'addWaiver'; body: WaiverBody }
  | { kind: 'updateWaiver'; id: number; body: WaiverBody }
  | { kind: 'deleteWaiver'; id: number };

function hostCall(campId: number, change: HostChange): Promise<unknown> {
  switch (change.kind) {
    case 'addQuestion':
      return apiRequest<{ data: Question }>('POST', `/host/camp/${campId}/questions`, change.body);
    case 'updateQuestion':
      return apiRequest<{ data: Question }>('PUT', `/host/questions/${change.id}`, change.body);
    case 'deleteQuestion':
      return apiRequest('DELETE', `/host/questions/${change.id}`);
    case 'addWaiver':
      return apiRequest<{ data: Waiver }>('POST', `/host/camp/${campId}/waivers`, change.body);
    case 'updateWaiver':
      return apiRequest<{ data: Waiver }>('PUT', `/host/waivers/${change.id}`, change.body);
    case 'deleteWaiver':
      return apiRequest('DELETE', `/host/waivers/${change.id}`);
  }
}

/** Adds, changes or removes one of the camp's questions or waivers; the list is read again. */
export function useChangeCampForms(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: HostChange) => hostCall(campId, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campFormKeys.host(campId) }),
  });
}

/** The camp's questions and waivers with what the family answered and signed. */
export function useFamilyCampForms(campId: number) {
  return useQuery({
    queryKey: campFormKeys.family(campId),
    queryFn: async () =>
      (await apiRequest<{ data: ParentCampForms }>('GET', `/camper/camps/${campId}/forms`)).data,
    enabled: validId(campId),
  });
}

/** After answers or a signature change, My Registrations says again what is left to do. */
function useFamilyRefresh(campId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: campFormKeys.family(campId) }),
      queryClient.invalidateQueries({ queryKey: registrationKeys.mine }),
    ]);
}

export function useSaveAnswers(campId: number) {
  const refresh = useFamilyRefresh(campId);
  return useMutation({
    mutationFn: (body: SaveAnswersBody) => apiRequest('PUT', `/camper/camps/${campId}/answers`, body),
    onSuccess: refresh,
  });
}

export function useUploadFormFile(campId: number) {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await apiUpload<{ data: FormFile }>('POST', `/camper/camps/${campId}/form-files`, body)).data;
    },
  });
}

export function useSignWaiver(campId: number) {
  const refresh = useFamilyRefresh(campId);
  return useMutation({
    mutationFn: async ({ waiverId, body }: { waiverId: number; body: SignWaiverBody }) =>
      (await apiRequest<{ data: Signature }>('POST', `/camper/waivers/${waiverId}/signatures`, body)).data,
    onSuccess: refresh,
  });
}

export const signedWaiverDownload = (who: 'camper' | 'host', signatureId: number) => ({
  path: `/${who}/waiver-signatures/${signatureId}/pdf`,
  fallbackName: `signed-waiver-${signatureId}.pdf`,
});

export const formFileDownload = (who: 'camper' | 'host', fileId: number, name: string) => ({
  path: `/${who}/form-files/${fileId}`,
  fallbackName: name,
});
