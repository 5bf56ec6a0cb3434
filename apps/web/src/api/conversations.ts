import type {
  AnnouncementBody,
  AnnouncementReaders,
  Conversation,
  ConversationMessage,
  ConversationStatus,
  ConversationSummary,
  Inbox,
  MessageAttachment,
  ReceivedAnnouncement,
  SentAnnouncement,
} from '@campwise/contract/conversations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../app/session.ts';
import { apiFile, apiRequest, apiUpload } from './client.ts';

/** Which side of a conversation the signed-in user is: the address prefix of its calls. */
export type InboxSide = 'camper' | 'host';

export const messageKeys = {
  all: ['messages'] as const,
  unread: (side: InboxSide) => ['messages', 'unread', side] as const,
  inbox: (side: InboxSide, status?: ConversationStatus) =>
    ['messages', 'inbox', side, status ?? 'all'] as const,
  conversation: (side: InboxSide, id: number) => ['messages', 'conversation', side, id] as const,
  announcement: (id: number) => ['messages', 'announcement', id] as const,
  campAnnouncements: (campId: number) => ['messages', 'camp-announcements', campId] as const,
  sessionAnnouncements: (sessionId: number) => ['messages', 'session-announcements', sessionId] as const,
  readers: (id: number) => ['messages', 'readers', id] as const,
};

/** Unread conversations (and a family's announcements) for the navigation badge, checked each minute. */
export function useUnreadCount() {
  const session = useSession();
  const side = session?.userType === 'host' || session?.userType === 'camper' ? session.userType : null;
  return useQuery({
    queryKey: messageKeys.unread(side ?? 'camper'),
    queryFn: async () =>
      (
        await apiRequest<{ data: { count: number } }>('GET', `/${side}/messages/unread`, undefined, {
          endsSession: false,
        })
      ).data.count,
    enabled: side !== null,
    refetchInterval: 60_000,
    // A host without a subscription gets 402 here: no badge, no retries.
    retry: false,
  });
}

export function useFamilyInbox() {
  return useQuery({
    queryKey: messageKeys.inbox('camper'),
    queryFn: async () => (await apiRequest<{ data: Inbox }>('GET', '/camper/messages')).data,
  });
}

export function useHostInbox(status?: ConversationStatus) {
  return useQuery({
    queryKey: messageKeys.inbox('host', status),
    queryFn: async () =>
      (
        await apiRequest<{ data: ConversationSummary[] }>(
          'GET',
          status ? `/host/messages?status=${status}` : '/host/messages',
        )
      ).data,
  });
}

/** Opening a conversation marks it read, so the badge and the inbox are refreshed after. */
export function useConversation(side: InboxSide, id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.conversation(side, id),
    queryFn: async () => {
      const data = (await apiRequest<{ data: Conversation }>('GET', `/${side}/conversations/${id}`)).data;
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread(side) });
      void queryClient.invalidateQueries({ queryKey: ['messages', 'inbox', side] });
      return data;
    },
    enabled: Number.isFinite(id),
  });
}

/**
 * A photo attached to a message, as an address the page can show. Attachments are private
 * (decision 044): they are read with the session, which an <img> alone would not send, and
 * kept apart from the messages' queries, since a sent attachment never changes.
 */
export function useAttachmentPhoto(attachment: MessageAttachment) {
  const photo = useQuery({
    queryKey: ['message-attachments', attachment.url],
    queryFn: async () => (await apiFile(attachment.url)).blob,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!photo.data) return;
    const objectUrl = URL.createObjectURL(photo.data);
    setAddress(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [photo.data]);
  return { address, failed: photo.isError };
}

/** A document attached to a message, saved through the browser's downloads (see useDownload). */
export const attachmentDownload = (attachment: MessageAttachment) => ({
  path: attachment.url,
  fallbackName: attachment.name,
});

export function useStartConversation(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) =>
      (await apiRequest<{ data: Conversation }>('POST', `/camper/camps/${campId}/conversations`, { body }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** A host writes to the family of a place: into their latest conversation, or a new one. */
export function useMessageFamily() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ registrationId, body }: { registrationId: number; body: string }) =>
      (
        await apiRequest<{ data: Conversation }>('POST', `/host/registrations/${registrationId}/messages`, {
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

/** A reply with an optional attachment; `progress` is the share of the upload sent, null when idle. */
export function useReply(side: InboxSide, id: number) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ body, attachment }: { body: string; attachment: File | null }) => {
      const form = new FormData();
      form.append('body', body);
      if (attachment) form.append('attachment', attachment);
      setProgress(0);
      return (
        await apiUpload<{ data: ConversationMessage }>(
          'POST',
          `/${side}/conversations/${id}/messages`,
          form,
          setProgress,
        )
      ).data;
    },
    onSettled: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
  return { ...mutation, progress };
}

export function useSetConversationStatus(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (status: ConversationStatus) =>
      (await apiRequest<{ data: Conversation }>('PUT', `/host/conversations/${id}/status`, { status })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useAnnouncement(id: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messageKeys.announcement(id),
    queryFn: async () => {
      const data = (await apiRequest<{ data: ReceivedAnnouncement }>('GET', `/camper/announcements/${id}`))
        .data;
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread('camper') });
      void queryClient.invalidateQueries({ queryKey: messageKeys.inbox('camper') });
      return data;
    },
    enabled: Number.isFinite(id),
  });
}

export function useCampAnnouncements(campId: number) {
  return useQuery({
    queryKey: messageKeys.campAnnouncements(campId),
    queryFn: async () =>
      (await apiRequest<{ data: SentAnnouncement[] }>('GET', `/host/camp/${campId}/announcements`)).data,
    enabled: Number.isFinite(campId),
  });
}

export function useSendAnnouncement(campId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AnnouncementBody) =>
      (await apiRequest<{ data: SentAnnouncement }>('POST', `/host/camp/${campId}/announcements`, body)).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.campAnnouncements(campId) }),
        queryClient.invalidateQueries({ queryKey: ['messages', 'session-announcements'] }),
      ]),
  });
}

/** What a session's families were told (its own and the camp's announcements), for its staff. */
export function useSessionAnnouncements(sessionId: number) {
  return useQuery({
    queryKey: messageKeys.sessionAnnouncements(sessionId),
    queryFn: async () =>
      (await apiRequest<{ data: SentAnnouncement[] }>('GET', `/host/sessions/${sessionId}/announcements`))
        .data,
    enabled: Number.isFinite(sessionId),
  });
}

export function useAnnouncementReaders(id: number) {
  return useQuery({
    queryKey: messageKeys.readers(id),
    queryFn: async () =>
      (await apiRequest<{ data: AnnouncementReaders }>('GET', `/host/announcements/${id}`)).data,
    enabled: Number.isFinite(id),
  });
}
