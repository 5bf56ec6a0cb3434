import type { Conversation } from '@campwise/contract/conversations';
import { formatMoment } from '@campwise/contract/format';
import { Box, Group, Stack, Text } from '@mantine/core';
import classes from './conversations.module.css';
import { MessageAttachmentView } from './message-attachment.tsx';
import { MessageText } from './message-text.tsx';

/** The messages of a conversation, oldest first; the viewer's own on the right. */
export function ConversationThread({
  conversation,
  mine,
}: {
  conversation: Conversation;
  mine: 'family' | 'host';
}) {
  return (
    <Stack gap="sm" component="ol" className={classes.thread} aria-label="Messages">
      {conversation.messages.map((message) => (
        <Box
          component="li"
          key={message.id}
          className={message.from === mine ? `${classes.bubble} ${classes.mine}` : classes.bubble}
        >
          <Group justify="space-between" gap="xs" mb={4} wrap="wrap">
            <Text size="sm" fw={700}>
              {message.from === mine ? 'You' : message.authorName}
            </Text>
            <Text size="xs" c="gray.7">
              {formatMoment(message.createdAt, { compact: true })}
            </Text>
          </Group>
          <MessageText text={message.body} />
          {message.attachment ? <MessageAttachmentView attachment={message.attachment} /> : null}
        </Box>
      ))}
    </Stack>
  );
}
