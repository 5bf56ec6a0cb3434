import type { ConversationSummary } from '@campwise/contract/conversations';
import { formatMoment } from '@campwise/contract/format';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './conversations.module.css';

/** Conversations, latest first: who, about which camp, the latest line, and whether it is new. */
export function ConversationList({
  conversations,
  side,
}: {
  conversations: ConversationSummary[];
  side: 'camper' | 'host';
}) {
  return (
    <Stack gap="sm" component="ul" className={classes.list}>
      {conversations.map((conversation) => {
        const who = side === 'host' ? conversation.familyName : conversation.orgName;
        return (
          <li key={conversation.id}>
            <Card
              component={Link}
              to={`/${side}/messages/${conversation.id}`}
              padding="md"
              className={conversation.unread ? `${classes.row} ${classes.unread}` : classes.row}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={conversation.unread ? 800 : 600}>{who}</Text>
                    {conversation.unread ? (
                      <Badge color="sun" variant="filled" size="sm">
                        New
                      </Badge>
                    ) : null}
                    {conversation.status === 'done' ? (
                      <Badge color="gray.8" variant="outline" size="sm">
                        Done
                      </Badge>
                    ) : null}
                  </Group>
                  {conversation.campName ? (
                    <Text size="sm" c="gray.7">
                      About {conversation.campName}
                    </Text>
                  ) : null}
                  <Text size="sm" lineClamp={1} c="gray.8">
                    {conversation.lastFrom === (side === 'host' ? 'host' : 'family') ? 'You: ' : ''}
                    {conversation.preview}
                  </Text>
                </Stack>
                <Text size="xs" c="gray.7" className={classes.when}>
                  {formatMoment(conversation.lastMessageAt, { compact: true })}
                </Text>
              </Group>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}
