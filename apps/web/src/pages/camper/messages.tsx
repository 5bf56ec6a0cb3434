import { Stack, Title } from '@mantine/core';
import { useFamilyInbox } from '../../api/conversations.ts';
import { AnnouncementList } from '../../components/conversations/announcement-list.tsx';
import { ConversationList } from '../../components/conversations/conversation-list.tsx';
import { EmptyInbox, InboxSkeleton } from '../../components/conversations/inbox-states.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

/** The family's inbox (decision 031): conversations with hosts, then announcements from camps. */
export default function FamilyMessages() {
  const inbox = useFamilyInbox();
  return (
    <PageFrame
      title="Messages"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="Questions you asked camps and their answers, and announcements from the camps your children go to."
    >
      <QueryState
        query={inbox}
        skeleton={<InboxSkeleton label="Loading your messages" />}
        errorMessage="We could not load your messages."
      >
        {(loaded) => (
          <Stack gap="xl">
            <Stack gap="sm" component="section" aria-labelledby="conversations-heading">
              <Title order={2} fz="h3" id="conversations-heading">
                Conversations
              </Title>
              {loaded.conversations.length === 0 ? (
                <EmptyInbox
                  title="No conversations yet"
                  text="Have a question before you book? Open a camp's page and choose Ask the host. Their answer arrives here."
                />
              ) : (
                <ConversationList conversations={loaded.conversations} side="camper" />
              )}
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="announcements-heading">
              <Title order={2} fz="h3" id="announcements-heading">
                Announcements
              </Title>
              {loaded.announcements.length === 0 ? (
                <EmptyInbox
                  title="No announcements yet"
                  text="Camps your children are booked at, or waiting for, send their news here and by email."
                />
              ) : (
                <AnnouncementList announcements={loaded.announcements} />
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
