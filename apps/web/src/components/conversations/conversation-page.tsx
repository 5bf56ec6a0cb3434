import { parseId } from '@campwise/contract/row-ids';
import { Anchor, Badge, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconRotate } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { type InboxSide, useConversation, useSetConversationStatus } from '../../api/conversations.ts';
import { notify } from '../friends/notify.ts';
import { PageFrame } from '../page/page-frame.tsx';
import { LoadingSkeleton, ResourceNotFound } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { ConversationThread } from './conversation-thread.tsx';
import { ReplyForm } from './reply-form.tsx';

function DoneToggle({ id, status }: { id: number; status: 'open' | 'done' }) {
  const setStatus = useSetConversationStatus(id);
  const next = status === 'open' ? 'done' : 'open';
  return (
    <Button
      variant="light"
      loading={setStatus.isPending}
      leftSection={
        status === 'open' ? <IconCheck size={18} aria-hidden /> : <IconRotate size={18} aria-hidden />
      }
      onClick={() => setStatus.mutate(next, { onError: (failure) => notify('red', failure.message) })}
    >
      {status === 'open' ? 'Mark as done' : 'Open again'}
    </Button>
  );
}

/** One conversation from either side: the thread, a reply form, and for the host Mark as done. */
export function ConversationPage({ side }: { side: InboxSide }) {
  const id = parseId(useParams().id);
  const conversation = useConversation(side, id);
  const inbox = `/${side}/messages`;
  if (!Number.isFinite(id) || (conversation.error instanceof ApiError && conversation.error.status === 404)) {
    return (
      <ResourceNotFound
        title="Conversation not found"
        text="This conversation does not exist, or it is not yours."
        backTo={inbox}
        backLabel="Back to Messages"
      />
    );
  }
  const data = conversation.data;
  const title = data ? (side === 'host' ? data.familyName : data.orgName) : 'Conversation';
  return (
    <PageFrame
      title={title}
      parent={{ to: inbox, label: 'Messages' }}
      width="form"
      description={data?.campName ? `About ${data.campName}` : undefined}
      badge={
        data?.status === 'done' ? (
          <Badge color="gray.8" variant="outline">
            Done
          </Badge>
        ) : undefined
      }
      actions={side === 'host' && data ? <DoneToggle id={id} status={data.status} /> : undefined}
    >
      <QueryState
        query={conversation}
        skeleton={
          <LoadingSkeleton label="Loading the conversation" gap="sm">
            <Skeleton height={90} radius="lg" width="70%" />
            <Skeleton height={90} radius="lg" width="70%" ml="auto" />
          </LoadingSkeleton>
        }
        errorMessage="We could not load this conversation."
      >
        {(thread) => (
          <Stack gap="lg">
            <ConversationThread conversation={thread} mine={side === 'host' ? 'host' : 'family'} />
            <Card padding="lg">
              <ReplyForm side={side} conversationId={id} />
            </Card>
            {side === 'camper' && thread.campId ? (
              <Text size="sm" c="gray.7">
                <Anchor component={Link} to={`/camps/${thread.campId}`} fw={700}>
                  See {thread.campName ?? 'the camp'}
                </Anchor>
              </Text>
            ) : null}
          </Stack>
        )}
      </QueryState>
    </PageFrame>
  );
}
