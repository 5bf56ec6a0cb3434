import { messages } from '@campwise/contract/messages';
import { Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { signOut } from '../../app/session.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';

/** After an account is deleted: the session ends here, once the settings page has been left. */
export default function Goodbye() {
  const location = useLocation();
  const queryClient = useQueryClient();
  const accountDeleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;

  useEffect(() => {
    if (!accountDeleted) return;
    signOut();
    queryClient.clear();
  }, [accountDeleted, queryClient]);

  return (
    <PageFrame
      title="Goodbye for now"
      description={<Text role="status">{messages.accountDeleted}</Text>}
      illustration="campfire"
      actions={
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      }
    />
  );
}
