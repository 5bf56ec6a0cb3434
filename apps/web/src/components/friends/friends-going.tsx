import type { CampSession } from '@campwise/contract/sessions';
import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useFriendsGoing } from '../../api/friends.ts';
import padding from '../page/padding.module.css';

/**
 * On a camp's page, for a signed-in parent: the friends' children who share that they are going,
 * with the session when the camp has several. Nothing at all for anyone else.
 */
export function FriendsGoingCard({ campId, sessions }: { campId: number; sessions: CampSession[] }) {
  const going = useFriendsGoing([campId]);
  const lines = going.data ?? [];
  if (lines.length === 0) return null;
  const sessionName = (sessionId: number) => sessions.find((session) => session.id === sessionId)?.name;
  return (
    <Card className={padding.card} bg="leaf.0" component="section" aria-labelledby="friends-going-heading">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Box c="leaf.7" aria-hidden style={{ lineHeight: 0 }}>
            <IconUsersGroup size={28} />
          </Box>
          <Title order={2} fz="h3" id="friends-going-heading">
            Friends going
          </Title>
        </Group>
        <Box component="ul" m={0} pl="lg">
          {lines.map((line) => (
            <Text component="li" key={`${line.sessionId}-${line.label}`} fw={600}>
              {line.label}
              {sessions.length > 1 && sessionName(line.sessionId) ? (
                <Text component="span" display="block" size="sm" c="gray.7" fw={400}>
                  {sessionName(line.sessionId)}
                </Text>
              ) : null}
            </Text>
          ))}
        </Box>
      </Stack>
    </Card>
  );
}
