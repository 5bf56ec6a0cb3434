import { startConversationBody } from '@campwise/contract/conversations';
import { Button, Card, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePublicCamp } from '../../api/camps.ts';
import { useStartConversation } from '../../api/conversations.ts';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { checkFailed, refusalBeside, useCheckedSubmit } from '../../components/forms/use-checked-submit.ts';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { useRouteId } from '../../components/route-id.ts';

/** "Ask the host" from a camp's page: the first message of a conversation with its organization. */
export default function AskHost() {
  const id = useRouteId();
  const camp = usePublicCamp(id);
  const start = useStartConversation(id);
  const navigate = useNavigate();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { onSubmit, formRef } = useCheckedSubmit({
    check: () => {
      const parsed = startConversationBody.safeParse({ body });
      return parsed.success
        ? { body: parsed.data.body }
        : checkFailed({ body: parsed.error.issues[0]?.message });
    },
    showErrors: (errors: { body?: string }) => setError(errors.body ?? null),
    send: (question) => start.mutateAsync(question),
    placeRefusal: refusalBeside('body'),
    onSent: (conversation) => navigate(`/camper/messages/${conversation.id}`),
  });

  if (Number.isNaN(id) || camp.error) {
    return (
      <CampLoadFailure
        error={camp.error}
        onRetry={() => camp.refetch()}
        backTo="/search"
        backLabel="Search camps"
      />
    );
  }
  if (camp.isPending) return <ProfileSkeleton label="Loading camp" />;

  return (
    <PageFrame
      title="Ask the host"
      parent={{ to: `/camps/${camp.data.id}`, label: camp.data.name }}
      description={`Your question goes to ${camp.data.orgName}, who run ${camp.data.name}. Their answer arrives in your Messages, and we email you when it does.`}
      width="form"
    >
      <Card padding="xl">
        <form onSubmit={onSubmit} noValidate ref={formRef}>
          <Stack gap="md">
            <Textarea
              label="Your question"
              autosize
              minRows={5}
              maxRows={14}
              value={body}
              onChange={(event) => setBody(event.currentTarget.value)}
              error={error}
            />
            <Text size="sm" c="gray.7">
              Only you and the camp's host can read this conversation.
            </Text>
            <Group justify="flex-end">
              <Button
                type="submit"
                color="sun"
                loading={start.isPending}
                leftSection={<IconSend size={18} aria-hidden />}
              >
                Send question
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </PageFrame>
  );
}
