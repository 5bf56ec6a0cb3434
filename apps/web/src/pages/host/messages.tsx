import type { ConversationStatus } from '@campwise/contract/conversations';
import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useHostInbox } from '../../api/conversations.ts';
import { ConversationList } from '../../components/conversations/conversation-list.tsx';
import { EmptyInbox, InboxSkeleton } from '../../components/conversations/inbox-states.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

type Filter = ConversationStatus | 'all';

/** The host's inbox (decision 031): families' questions across the host's organizations. */
export default function HostMessages() {
  const [filter, setFilter] = useState<Filter>('open');
  const inbox = useHostInbox(filter === 'all' ? undefined : filter);
  return (
    <PageFrame
      title="Messages"
      parent={{ to: '/host/dashboard', label: 'My Dashboard' }}
      description="Questions from families about your camps. Mark a conversation done once it is answered; a new message from the family opens it again."
    >
      <Stack gap="md">
        <SegmentedControl
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          data={[
            { value: 'open', label: 'Open' },
            { value: 'done', label: 'Done' },
            { value: 'all', label: 'All' },
          ]}
          aria-label="Show conversations"
          style={{ alignSelf: 'flex-start' }}
        />
        <QueryState
          query={inbox}
          skeleton={<InboxSkeleton label="Loading your messages" />}
          errorMessage="We could not load your messages."
          empty={
            <EmptyInbox
              title={filter === 'done' ? 'Nothing marked done yet' : 'No questions waiting'}
              text="When a family asks about one of your camps, the conversation appears here and we email you."
            />
          }
        >
          {(conversations) => <ConversationList conversations={conversations} side="host" />}
        </QueryState>
      </Stack>
    </PageFrame>
  );
}
