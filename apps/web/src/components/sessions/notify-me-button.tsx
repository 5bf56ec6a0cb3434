import { Button, Text } from '@mantine/core';
import { IconBell, IconBellCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOpeningNotices, useRequestOpeningNotice } from '../../api/opening-notices.ts';

interface NotifyMeButtonProps {
  campId: number;
  sessionId: number;
  sessionName: string;
  /** Signed in as a parent; a guest is sent to sign up and comes back to the camp. */
  signedInAsParent: boolean;
}

/** Before a session's registration opens: ask to be e-mailed when it does. */
export function NotifyMeButton({ campId, sessionId, sessionName, signedInAsParent }: NotifyMeButtonProps) {
  const notices = useOpeningNotices(signedInAsParent);
  const request = useRequestOpeningNotice();
  if (!signedInAsParent) {
    return (
      <Button
        component={Link}
        to={`/camper/register?returnTo=${encodeURIComponent(`/camps/${campId}`)}`}
        variant="light"
        leftSection={<IconBell size={18} aria-hidden />}
        aria-label={`Notify me when registration opens for ${sessionName}`}
      >
        Notify me
      </Button>
    );
  }
  if (notices.data?.includes(sessionId)) {
    return (
      <Text size="sm" fw={700} c="leaf.8" role="status">
        <IconBellCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> We will e-mail you
        when it opens.
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
        aria-label={`Notify me when registration opens for ${sessionName}`}
      >
        Notify me
      </Button>
      {request.error ? (
        <Text size="sm" c="red.8" role="alert" mt={4}>
          {request.error.message}
        </Text>
      ) : null}
    </div>
  );
}
