import { startConversationBody } from '@campwise/contract/conversations';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMessageFamily } from '../../api/conversations.ts';
import { AppModal } from '../app-modal.tsx';
import { checkFailed, refusalBeside, useCheckedSubmit } from '../forms/use-checked-submit.ts';

/** The place a host writes about: its registration, and who the family are, for the dialog's words. */
export interface FamilyToMessage {
  registrationId: number;
  parentName: string;
  childName: string;
}

interface MessageFamilyModalProps {
  opened: boolean;
  onClose: () => void;
  family: FamilyToMessage | null;
}

/**
 * A host's message to the family of a place on the roster. It joins the family's conversation
 * with the organisation (or starts one), and the host is taken to that thread.
 */
export function MessageFamilyModal({ opened, onClose, family }: MessageFamilyModalProps) {
  const send = useMessageFamily();
  const navigate = useNavigate();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (send.isPending) return;
    setError(null);
    onClose();
  };

  const { onSubmit, formRef } = useCheckedSubmit({
    check: () => {
      if (!family) return checkFailed({});
      const parsed = startConversationBody.safeParse({ body });
      if (!parsed.success) return checkFailed({ body: parsed.error.issues[0]?.message });
      return { body: { registrationId: family.registrationId, body: parsed.data.body } };
    },
    showErrors: (errors: { body?: string }) => setError(errors.body ?? null),
    send: (message) => send.mutateAsync(message),
    placeRefusal: refusalBeside('body'),
    onSent: (conversation) => {
      setBody('');
      navigate(`/host/messages/${conversation.id}`);
    },
  });

  return (
    <AppModal opened={opened} onClose={close} title={`Message ${family?.parentName ?? 'the family'}`}>
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <Stack gap="md">
          <Textarea
            label="Your message"
            description={family ? `About ${family.childName}'s place.` : undefined}
            autosize
            minRows={5}
            maxRows={14}
            value={body}
            onChange={(event) => setBody(event.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <Text size="sm" c="gray.7">
            It goes to the family's Messages with an email telling them it is there. Only they and you can
            read it.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={send.isPending}>
              Not now
            </Button>
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} aria-hidden />}>
              Send message
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
