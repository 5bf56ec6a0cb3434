import { Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFriends } from '../../api/friends.ts';
import { FriendCard } from '../../components/friends/friend-card.tsx';
import { InvitationList } from '../../components/friends/invitation-list.tsx';
import { InviteForm } from '../../components/friends/invite-form.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

function FriendsSkeleton() {
  return (
    <LoadingSkeleton label="Loading your friends" gap="md">
      <Skeleton height={220} radius="lg" />
      <Skeleton height={28} width={160} />
      <Skeleton height={170} radius="lg" />
    </LoadingSkeleton>
  );
}

function NoFriends() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="sm" py="md">
        <Illustration name="campfire" width={220} height={165} />
        <Title order={3} fz="h4">
          No friends yet
        </Title>
        <Text c="gray.7" maw={460}>
          Invite the families your children like to go to camp with. When they accept, you can each share
          which sessions your children are going to, and see where friends go on camp pages and in your
          planner.
        </Text>
      </Stack>
    </Card>
  );
}

/** Friend families (decision 020): invite, share child by child, and stop at any time. */
export default function Friends() {
  const friends = useFriends();
  return (
    <PageFrame
      title="Friends"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="Plan the summer with friend families: see where their children go, and let them see yours."
    >
      <QueryState
        query={friends}
        skeleton={<FriendsSkeleton />}
        errorMessage="We could not load your friends."
      >
        {(loaded) => (
          <Stack gap="xl">
            <InviteForm />
            <InvitationList invitations={loaded.invitations} />
            <Stack gap="sm" component="section" aria-labelledby="friends-heading">
              <Title order={2} fz="h3" id="friends-heading">
                Your friends
              </Title>
              {loaded.friends.length === 0 ? (
                <NoFriends />
              ) : (
                loaded.friends.map((friend) => (
                  <FriendCard key={friend.id} friend={friend} kids={loaded.children} />
                ))
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
