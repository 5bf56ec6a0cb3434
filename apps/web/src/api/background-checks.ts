import type {
  BackgroundCheckInput,
  BackgroundCheckView,
  Compliance,
  ComplianceRow,
} from '@campwise/contract/background-checks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, apiUpload } from './client.ts';
import { validId } from './ids.ts';

/** Background checks of an organization's team (decision 058), for its owner. */
export const checkKeys = {
  compliance: (orgId: number) => ['teams', orgId, 'compliance'] as const,
};

/** Every member of the team with where they stand today and their latest check. */
export function useCompliance(orgId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: checkKeys.compliance(orgId),
    queryFn: async () =>
      (await apiRequest<{ data: Compliance }>('GET', `/host/orgs/${orgId}/compliance`)).data,
    enabled: enabled && validId(orgId),
  });
}

export interface CheckSubmission {
  userId: number;
  check: BackgroundCheckInput;
  /** A PDF or an image of the check, if there is one. */
  document: File | null;
}

function checkFormData({ check, document }: CheckSubmission): FormData {
  const body = new FormData();
  body.append('checkedBy', check.checkedBy);
  body.append('checkedOn', check.checkedOn);
  body.append('result', check.result);
  body.append('expiresOn', check.expiresOn);
  if (document) body.append('document', document);
  return body;
}

/**
 * Records a member's check; the answer is their row as it now stands. `progress` is the share
 * of the upload sent so far, null when nothing is being sent.
 */
export function useRecordCheck(orgId: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (submission: CheckSubmission) => {
      setProgress(0);
      return (
        await apiUpload<{ data: ComplianceRow }>(
          'POST',
          `/host/orgs/${orgId}/team/members/${submission.userId}/background-checks`,
          checkFormData(submission),
          setProgress,
        )
      ).data;
    },
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkKeys.compliance(orgId) }),
  });
  return { ...mutation, progress };
}

/** A check's document, saved through the browser's downloads (see useDownload). */
export const checkDocumentDownload = (check: Pick<BackgroundCheckView, 'id'>) => ({
  path: `/host/background-checks/${check.id}/document`,
  fallbackName: `background-check-${check.id}`,
});
