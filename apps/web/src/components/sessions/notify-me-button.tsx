import { Button, Text } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  type SessionNoticeKind,
  useRequestSessionNotice,
  useSessionNotices,
} from '../../api/session-notices.ts';

interface NotifyMeButtonProps {
  /** What to hear about: the registration opening, or a spot freeing up at a full session. */
  kind: SessionNoticeKind;
  campId: number;
  sessionId: number;
  sessionName: string;
  /** Signed in as a parent; a guest is sent to sign up and comes back to the camp. */
  signedInAsParent: boolean;
}

const texts: Record<SessionNoticeKind, { button: string; label: string; asked: string }> = {
  opening: {
    button: 'Notify me',
    label: 'Notify me when registration opens for {session}',
    asked: 'We will e-mail you when it opens.',
  },
  place: {
    button: 'Tell me when a spot frees up',
    label: 'Tell me when a spot frees up in {session}',
    asked: 'We will e-mail you if a spot frees up.',
  },
};

/** Ask to be e-mailed once: when a session's registration opens, or when a full one has a spot again. */
export function NotifyMeButton({
  kind,
  campId,
  sessionId,
  sessionName,
  signedInAsParent,
}: NotifyMeButtonProps) {
  const notices = useSessionNotices(kind, signedInAsParent);
  const request = useRequestSessionNotice(kind);
  const text = texts[kind];
  const label = text.label.replace('{session}', sessionName);
  if (!signedInAsParent) {
    return (
      <Button
        component={Link}
        to={`/camper/register?returnTo=${encodeURIComponent(`/camps/${campId}`)}`}
        variant="light"
        leftSection={<IconBell size={18} aria-hidden />}
        aria-label={label}
      >
        {text.button}
      </Button>
    );
  }
  if (notices.data?.includes(sessionId)) {
    return (
      <Text size="sm" fw={700} c="leaf.8" role="status">
        <IconBellCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> {text.asked}
      </Text>
    );
  }
  return (
    <div>
      <Button
        variant="light"
        loading={request.isPending || notices.isPending}
        onClick={() => request.mutate(sessionId)}
        leftSection={<IconBell size={18} aria-hidden />}
        aria-label={label}
      >
        {text.button}
      </Button>
      {request.error ? (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {request.error.message}
        </Text>
      ) : null}
    </div>
  );
}
