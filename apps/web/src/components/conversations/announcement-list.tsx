import type { ReceivedAnnouncement } from '@campwise/contract/conversations';
import { formatMoment } from '@campwise/contract/format';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import classes from './conversations.module.css';

/** Announcements a family was sent, newest first, unread ones marked. */
export function AnnouncementList({ announcements }: { announcements: ReceivedAnnouncement[] }) {
  return (
    <Stack gap="sm" component="ul" className={classes.list}>
      {announcements.map((announcement) => (
        <li key={announcement.id}>
          <Card
            component={Link}
            to={`/camper/messages/announcements/${announcement.id}`}
            padding="md"
            className={announcement.read ? classes.row : `${classes.row} ${classes.unread}`}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} miw={0}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={announcement.read ? 600 : 800}>{announcement.subject}</Text>
                  {announcement.read ? null : (
                    <Badge color="sun" variant="filled" size="sm">
                      New
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="gray.7">
                  {announcement.orgName} · {announcement.campName}
                  {announcement.sessionName ? ` · ${announcement.sessionName}` : ''}
                </Text>
              </Stack>
              <Text size="xs" c="gray.7" className={classes.when}>
                {formatMoment(announcement.sentAt, { compact: true })}
              </Text>
            </Group>
          </Card>
        </li>
      ))}
    </Stack>
  );
}
