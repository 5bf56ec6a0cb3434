import type { Conversation } from '@campwise/contract/conversations';
import { formatMoment } from '@campwise/contract/format';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import classes from './conversations.module.css';
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
          {message.attachment?.kind === 'image' ? (
            <a href={message.attachment.url} target="_blank" rel="noopener noreferrer">
              <img
                src={message.attachment.url}
                alt={`Attached photo: ${message.attachment.name}`}
                className={classes.photo}
              />
            </a>
          ) : message.attachment ? (
            <Anchor href={message.attachment.url} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} mt="xs" wrap="nowrap">
                <IconFileTypePdf size={18} aria-hidden />
                {message.attachment.name}
              </Group>
            </Anchor>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}
