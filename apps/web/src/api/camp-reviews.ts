import type {
  CampReviewBody,
  CampReviewPage,
  CampReviewSummary,
  ModeratedCampReview,
  MyCampReviews,
  ReportedCampReview,
} from '@campwise/contract/camp-reviews';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';

/** Families' reviews of camp sessions (not the administrators' review of organizations). */
export const campReviewKeys = {
  all: ['camp-reviews'] as const,
  ofCamp: (campId: number) => ['camp-reviews', 'camp', campId] as const,
  ofOrg: (orgId: number) => ['camp-reviews', 'org', orgId] as const,
  mine: ['camp-reviews', 'mine'] as const,
  host: (campId: number) => ['camp-reviews', 'host', campId] as const,
  reported: ['camp-reviews', 'reported'] as const,
};

/** A camp's or an organization's reviews, newest first, a page at a time, with the average. */
export function usePublicReviews(of: { campId: number } | { orgId: number }, pageSize?: number) {
  const path = 'campId' in of ? `/api/camps/${of.campId}/reviews` : `/api/orgs/${of.orgId}/reviews`;
  return useInfiniteQuery({
    queryKey: 'campId' in of ? campReviewKeys.ofCamp(of.campId) : campReviewKeys.ofOrg(of.orgId),
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (pageParam) query.set('cursor', pageParam);
      if (pageSize) query.set('limit', String(pageSize));
      const search = query.toString();
      return apiRequest<CampReviewPage>('GET', `${path}${search ? `?${search}` : ''}`);
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The parent's reviews and the sessions they may review now. */
export function useMyReviews() {
  return useQuery({
    queryKey: campReviewKeys.mine,
    queryFn: async () => (await apiRequest<{ data: MyCampReviews }>('GET', '/camper/reviews')).data,
  });
}

export function useWriteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sessionId, body }: { sessionId: number; body: CampReviewBody }) =>
      (await apiRequest<{ data: ModeratedCampReview }>('POST', `/camper/sessions/${sessionId}/reviews`, body))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campReviewKeys.all }),
  });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: number) => apiRequest('DELETE', `/camper/reviews/${reviewId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campReviewKeys.all }),
  });
}

/** Every review of the host's camp, with reports and decisions. */
export function useHostCampReviews(campId: number) {
  return useQuery({
    queryKey: campReviewKeys.host(campId),
    queryFn: () =>
      apiRequest<{ data: ModeratedCampReview[]; summary: CampReviewSummary }>(
        'GET',
        `/host/camp/${campId}/reviews`,
      ),
  });
}

/** The host's reply or report, and the administrators' decisions: each answers the review. */
export function useReviewAction(action: 'reply' | 'report' | 'hide' | 'keep') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ reviewId, text }: { reviewId: number; text?: string }) => {
      const path =
        action === 'reply' || action === 'report'
          ? `/host/reviews/${reviewId}/${action}`
          : `/api/admin/camp-reviews/${reviewId}/${action}`;
      const body = action === 'reply' ? { text } : action === 'keep' ? undefined : { reason: text };
      return (await apiRequest<{ data: ModeratedCampReview }>('POST', path, body)).data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campReviewKeys.all }),
  });
}

/** Reviews hosts reported, waiting for an administrator. */
export function useReportedReviews() {
  return useQuery({
    queryKey: campReviewKeys.reported,
    queryFn: async () =>
      (await apiRequest<{ data: ReportedCampReview[] }>('GET', '/api/admin/camp-reviews')).data,
  });
}
