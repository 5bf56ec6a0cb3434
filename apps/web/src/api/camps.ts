import type { CampDetail, CampInput, CampListItem, HostCampListItem } from '@campwise/contract/camps';
import type { Category } from '@campwise/contract/category-schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, apiUpload } from './client.ts';
import { validId } from './ids.ts';

/** Everything a host sees of its camps sits under `host-camps`, so one invalidation refreshes it. */
export const campKeys = {
  host: ['host-camps'] as const,
  orgList: (orgId: number) => ['host-camps', 'org', orgId] as const,
  hostCamp: (id: number) => ['host-camps', 'camp', id] as const,
  categories: ['categories'] as const,
  /** What every visitor sees: listed camps only. */
  publicCamp: (id: number) => ['public-camps', 'camp', id] as const,
  publicOrgList: (orgId: number) => ['public-camps', 'org', orgId] as const,
};

/** The category list changes only with a deploy, so it is read once per visit. */
export function useCategories() {
  return useQuery({
    queryKey: campKeys.categories,
    queryFn: async () => (await apiRequest<{ data: Category[] }>('GET', '/data/categories')).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** An organization's camps, newest first as the server sends them. */
export function useOrgCamps(orgId: number) {
  return useQuery({
    queryKey: campKeys.orgList(orgId),
    queryFn: async () =>
      (await apiRequest<{ data: HostCampListItem[] }>('GET', `/host/org/${orgId}/camps`)).data,
    enabled: validId(orgId),
  });
}

/** One of the host's camps with its categories and images. */
export function useHostCamp(id: number) {
  return useQuery({
    queryKey: campKeys.hostCamp(id),
    queryFn: async () => (await apiRequest<{ data: CampDetail }>('GET', `/host/camp/${id}`)).data,
    enabled: validId(id),
  });
}

/** A listed camp as every visitor sees it; a 404 for one that is not listed. */
export function usePublicCamp(id: number) {
  return useQuery({
    queryKey: campKeys.publicCamp(id),
    queryFn: async () => (await apiRequest<{ data: CampDetail }>('GET', `/api/camps/${id}`)).data,
    enabled: validId(id),
  });
}

/** An approved organization's listed camps. */
export function usePublicOrgCamps(orgId: number) {
  return useQuery({
    queryKey: campKeys.publicOrgList(orgId),
    queryFn: async () => (await apiRequest<{ data: CampListItem[] }>('GET', `/api/orgs/${orgId}/camps`)).data,
    enabled: validId(orgId),
  });
}

/** Same name (any case) and phone among the host's camps; true when one exists. */
export function useCheckDuplicateCamp() {
  return useMutation({
    mutationFn: async ({ name, phone }: { name: string; phone: string }) => {
      const { data } = await apiRequest<{ data: { id: number }[] }>('POST', '/api/camps/duplicate', {
        name: name.trim().toLowerCase(),
        phone: phone.trim(),
      });
      return data.length > 0;
    },
  });
}

export interface NewCampImages {
  thumbnail: File | null;
  campImage1: File | null;
  campImage2: File | null;
  campImage3: File | null;
}

export interface NewCampSubmission {
  fields: CampInput;
  images: NewCampImages;
}

/** Multipart text fields as the server reads them: plain strings, categories as a JSON array. */
function campFormData({ fields, images }: NewCampSubmission): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    body.append(name, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  // The files go last so that every text field has arrived before the server reads them.
  for (const [name, file] of Object.entries(images)) {
    if (file) body.append(name, file);
  }
  return body;
}

/**
 * Adds a camp with its categories and images in one call. `progress` is the share of the
 * upload sent so far, null when nothing is being sent.
 */
export function useCreateCamp(orgId: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (submission: NewCampSubmission) => {
      setProgress(0);
      return (
        await apiUpload<{ data: { id: number } }>(
          'POST',
          `/host/org/${orgId}/camps`,
          campFormData(submission),
          setProgress,
        )
      ).data;
    },
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campKeys.orgList(orgId) }),
  });
  return { ...mutation, progress };
}

/** Every change to a camp answers the camp as it now is: show that, refresh its list. */
function useCampChanged() {
  const queryClient = useQueryClient();
  return (camp: CampDetail) => {
    queryClient.setQueryData(campKeys.hostCamp(camp.id), camp);
    return queryClient.invalidateQueries({ queryKey: campKeys.orgList(camp.orgId) });
  };
}

export function useUpdateCamp(id: number) {
  const campChanged = useCampChanged();
  return useMutation({
    mutationFn: async (body: CampInput) =>
      (await apiRequest<{ data: CampDetail }>('PUT', `/host/camp/${id}`, body)).data,
    onSuccess: campChanged,
  });
}

interface UploadCall {
  method: 'PUT' | 'POST';
  path: string;
  /** The multipart field the server reads the file from. */
  field: string;
  file: File;
  /** Other form fields sent with the file. */
  fields?: Record<string, string>;
}

/** One image sent for a camp, with its progress as for useCreateCamp. */
function useCampUpload<Variables>(toCall: (variables: Variables) => UploadCall) {
  const campChanged = useCampChanged();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (variables: Variables) => {
      const { method, path, field, file, fields = {} } = toCall(variables);
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append(field, file);
      setProgress(0);
      return (await apiUpload<{ data: CampDetail }>(method, path, body, setProgress)).data;
    },
    onSettled: () => setProgress(null),
    onSuccess: campChanged,
  });
  return { ...mutation, progress };
}

export function useSetCampThumbnail(campId: number) {
  return useCampUpload((file: File) => ({
    method: 'PUT',
    path: `/host/camp/${campId}/thumbnail`,
    field: 'thumbnail',
    file,
  }));
}

/** Replaces the image `imageId`, or adds one in the empty slot `slot` when it is null. */
export function useUploadCampImage(campId: number) {
  return useCampUpload(({ imageId, slot, file }: { imageId: number | null; slot: number; file: File }) =>
    imageId === null
      ? {
          method: 'POST',
          path: `/host/camp/${campId}/images`,
          field: 'image',
          file,
          fields: { slot: String(slot) },
        }
      : { method: 'PUT', path: `/host/camp/images/${imageId}`, field: 'image', file },
  );
}

export function useDeleteCampThumbnail(campId: number) {
  const campChanged = useCampChanged();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest<{ data: CampDetail }>('DELETE', `/host/camp/${campId}/thumbnail`)).data,
    onSuccess: campChanged,
  });
}

export function useDeleteCampImage() {
  const campChanged = useCampChanged();
  return useMutation({
    mutationFn: async (imageId: number) =>
      (await apiRequest<{ data: CampDetail }>('DELETE', `/host/camp/image/${imageId}`)).data,
    onSuccess: campChanged,
  });
}

export function useDeleteCamp(camp: { id: number; orgId: number }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ data: { deleted: true } }>('DELETE', `/host/camp/${camp.id}`),
    // The edit page is still open until the caller navigates, so the deleted camp is only marked
    // stale here: removing it would make that page ask for it again and find nothing.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campKeys.hostCamp(camp.id), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: campKeys.orgList(camp.orgId) }),
      ]),
  });
}
