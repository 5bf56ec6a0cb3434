import type {
  HostOrg,
  NewOrgFields,
  OrgReview,
  OrgStatus,
  OrgUpdate,
  PublicOrg,
  ReviewQueueItem,
} from '@campwise/contract/orgs';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, apiUpload } from './client.ts';

/**
 * Cache keys. Everything a host sees of its organizations sits under `host-orgs`, everything
 * the review desk sees under `org-reviews`, so one invalidation refreshes a whole area.
 */
export const orgKeys = {
  host: ['host-orgs'] as const,
  hostList: ['host-orgs', 'list'] as const,
  hostOrg: (id: number) => ['host-orgs', 'org', id] as const,
  reviews: ['org-reviews'] as const,
  reviewQueue: ['org-reviews', 'queue'] as const,
  review: (id: number) => ['org-reviews', 'org', id] as const,
  publicOrg: (id: number) => ['public-orgs', id] as const,
};

/**
 * The signed-in host's organizations, newest first as the server sends them: their own and those
 * whose team they are on, each with their role there (`myRole`, decision 057).
 */
export function useHostOrgs({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: orgKeys.hostList,
    queryFn: async () => (await apiRequest<{ data: HostOrg[] }>('GET', '/host/orgs')).data,
    enabled,
  });
}

/**
 * One of the host's organizations; `enabled` is false while the route id is not a number. The
 * list, when already read, answers at once (with the host's role, which screens wait for), and
 * the organization is read again as the list would be once it is stale.
 */
export function useHostOrg(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: orgKeys.hostOrg(id),
    queryFn: async () => (await apiRequest<{ data: HostOrg }>('GET', `/host/orgs/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    initialData: () => queryClient.getQueryData<HostOrg[]>(orgKeys.hostList)?.find((org) => org.id === id),
    initialDataUpdatedAt: () => queryClient.getQueryState(orgKeys.hostList)?.dataUpdatedAt,
  });
}

/** An approved organization's public profile; a 404 for any other. */
export function usePublicOrg(id: number) {
  return useQuery({
    queryKey: orgKeys.publicOrg(id),
    queryFn: async () => (await apiRequest<{ data: PublicOrg }>('GET', `/api/orgs/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface NewOrgSubmission {
  /** The form's text fields as typed; the server checks them with the same schema. */
  fields: Record<keyof NewOrgFields, string>;
  thumbnail: File | null;
  consentVersion: string;
}

/**
 * Adds an organization with the host's background-check consent; it starts in review.
 * `progress` is the share of the upload sent so far, null when nothing is being sent.
 */
export function useCreateOrg() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ fields, thumbnail, consentVersion }: NewOrgSubmission) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append('consent', 'true');
      body.append('consentVersion', consentVersion);
      // The file goes last so that every text field has arrived before the server reads it.
      if (thumbnail) body.append('thumbnail', thumbnail);
      setProgress(0);
      return (await apiUpload<{ data: { id: number } }>('POST', '/host/orgs', body, setProgress)).data;
    },
    onSettled: () => setProgress(null),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.host }),
        queryClient.invalidateQueries({ queryKey: orgKeys.reviews }),
      ]),
  });
  return { ...mutation, progress };
}

function useOrgChanged() {
  const queryClient = useQueryClient();
  return (org: HostOrg) => {
    queryClient.setQueryData(orgKeys.hostOrg(org.id), org);
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: orgKeys.hostList }),
      queryClient.invalidateQueries({ queryKey: orgKeys.reviews }),
    ]);
  };
}

/**
 * Saves an organization's details. A pending or denied one is updated and (re)submitted; an
 * approved one gets a revision for review while its approved details stay live.
 */
export function useUpdateOrg(id: number) {
  const orgChanged = useOrgChanged();
  return useMutation({
    mutationFn: async (body: Record<keyof OrgUpdate, string>) =>
      (await apiRequest<{ data: { org: HostOrg; inReview: boolean } }>('PUT', `/host/orgs/${id}`, body)).data,
    onSuccess: ({ org }) => orgChanged(org),
  });
}

/** Replaces an organization's thumbnail; `progress` as for useCreateOrg. */
export function useUpdateOrgThumbnail(id: number) {
  const orgChanged = useOrgChanged();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (thumbnail: File) => {
      const body = new FormData();
      body.append('thumbnail', thumbnail);
      setProgress(0);
      return (await apiUpload<{ data: HostOrg }>('PUT', `/host/org/${id}/image`, body, setProgress)).data;
    },
    onSettled: () => setProgress(null),
    onSuccess: (org) => orgChanged(org),
  });
  return { ...mutation, progress };
}

/** Deletes an organization with its camps. */
export function useDeleteOrg(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ data: { deleted: true } }>('DELETE', `/host/org/${id}`),
    onSuccess: () => {
      queryClient.setQueryData<HostOrg[]>(orgKeys.hostList, (list) => list?.filter((org) => org.id !== id));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.hostList }),
        queryClient.invalidateQueries({ queryKey: orgKeys.reviews }),
        // The screen that deleted it still shows it while it navigates away: refetching it
        // now would flash "not found", so it is only marked stale.
        queryClient.invalidateQueries({ queryKey: orgKeys.hostOrg(id), refetchType: 'none' }),
      ]);
    },
  });
}

export interface ReviewQueue {
  items: ReviewQueueItem[];
  counts: { new: number; revision: number };
}

/** Organizations waiting for an administrator, oldest first. */
export function useReviewQueue() {
  return useQuery({
    queryKey: orgKeys.reviewQueue,
    queryFn: async (): Promise<ReviewQueue> => {
      const answer = await apiRequest<{ data: ReviewQueueItem[]; counts: ReviewQueue['counts'] }>(
        'GET',
        '/api/admin/reviews',
      );
      return { items: answer.data, counts: answer.counts };
    },
  });
}

/** One organization as the reviewer sees it: details, what changed and the history. */
export function useOrgReview(id: number) {
  return useQuery({
    queryKey: orgKeys.review(id),
    queryFn: async () => (await apiRequest<{ data: OrgReview }>('GET', `/api/admin/orgs/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export interface ReviewDecision {
  approved: boolean;
  reason?: string;
}

/** Approves or denies what is waiting; the body is the spec's, word for word. */
export function useDecideReview(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ approved, reason }: ReviewDecision) =>
      (
        await apiRequest<{ data: { status: OrgStatus; kind: 'new' | 'revision' } }>(
          'POST',
          '/api/admin/org/approvalrequestresponse',
          {
            orgApprovalResponse: {
              OrganizationID: id,
              Approved: approved,
              ...(approved ? {} : { TextResponse: reason }),
            },
          },
        )
      ).data,
    // The review on screen keeps what was decided on; it is reloaded on the next visit.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKeys.reviewQueue }),
        queryClient.invalidateQueries({ queryKey: orgKeys.review(id), refetchType: 'none' }),
      ]),
    // Someone else may have decided first (409): show the organization as it now stands.
    onError: () => queryClient.invalidateQueries({ queryKey: orgKeys.reviews }),
  });
}
