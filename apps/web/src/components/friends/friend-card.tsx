import { formatDate } from '@campwise/contract/format';
import type { Friend, FriendsOverview } from '@campwise/contract/friends';
import { namesList } from '@campwise/contract/friends';
import { messages } from '@campwise/contract/messages';
import { Box, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useEndFriendship, useShareChild } from '../../api/friends.ts';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { notify } from './notify.ts';

interface FriendCardProps {
  friend: Friend;
  /** The parent's own children, each with a switch. */
  kids: FriendsOverview['children'];
}

const familyName = (friend: Friend) => `${friend.lastName} family`;

/** A friend family: what they share, the parent's switches per child, and ending the friendship. */
export function FriendCard({ friend, kids }: FriendCardProps) {
  const share = useShareChild();
  const end = useEndFriendship();
  const [confirming, setConfirming] = useState(false);
  const headingId = `friend-${friend.id}-name`;
  return (
    <Card component="article" padding="lg" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Box>
          <Title order={3} fz="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {friend.firstName} {friend.lastName}
          </Title>
          <Text size="sm" c="gray.7">
            Friends since {formatDate(friend.since.slice(0, 10))}
          </Text>
        </Box>
        <Text size="sm">
          {friend.theirSharedChildren.length > 0
            ? `They share which sessions ${namesList(friend.theirSharedChildren)} ${friend.theirSharedChildren.length > 1 ? 'are' : 'is'} going to.`
            : 'They share no sessions with you yet.'}
        </Text>
        {kids.length === 0 ? (
          <Text size="sm" c="gray.7">
            Add your children under My Campers to share their sessions.
          </Text>
        ) : (
          <Stack
            gap="xs"
            role="group"
            aria-label={`What you share with ${friend.firstName} ${friend.lastName}`}
          >
            {kids.map((kid) => (
              <Switch
                key={kid.id}
                color="leaf"
                label={`Share which sessions ${kid.firstName} is going to`}
                checked={friend.sharedChildIds.includes(kid.id)}
                disabled={share.isPending && share.variables?.childId === kid.id}
                onChange={(event) =>
                  share.mutate(
                    { friendId: friend.id, childId: kid.id, shared: event.currentTarget.checked },
                    { onError: (error) => notify('red', error.message) },
                  )
                }
              />
            ))}
          </Stack>
        )}
        <Group>
          <Button variant="subtle" color="red" size="sm" px={0} onClick={() => setConfirming(true)}>
            Stop being friends
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Stop being friends"
        question={messages.friendEndConfirm.replace('{family}', familyName(friend))}
        confirmLabel="Stop being friends"
        loading={end.isPending}
        error={end.error}
        onConfirm={() =>
          end.mutate(friend, {
            onSuccess: () => {
              setConfirming(false);
              notify('leaf', `You are no longer friends with the ${familyName(friend)}.`);
              document.querySelector('h1')?.focus();
            },
          })
        }
      />
    </Card>
  );
}
