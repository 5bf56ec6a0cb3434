import { calendarAppLinks } from '@campwise/contract/calendar-feed';
import { Button, CopyButton, Group, Stack, TextInput } from '@mantine/core';
import { IconBrandApple, IconBrandGoogle, IconCheck, IconCopy, IconMail } from '@tabler/icons-react';

/** A calendar's address to copy, and the ways to subscribe to it in Google's, Apple's and Outlook's apps. */
export function CalendarSubscribe({ url }: { url: string }) {
  const apps = calendarAppLinks(url);
  return (
    <Stack gap="sm">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label="Calendar address"
          value={url}
          readOnly
          style={{ flex: 1 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Group gap="xs">
        <Button
          component="a"
          href={apps.google}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
        >
          Add to Google Calendar
        </Button>
        <Button
          component="a"
          href={apps.apple}
          variant="light"
          leftSection={<IconBrandApple size={18} aria-hidden />}
        >
          Add to Apple Calendar
        </Button>
        <Button
          component="a"
          href={apps.outlook}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconMail size={18} aria-hidden />}
        >
          Add to Outlook
        </Button>
      </Group>
    </Stack>
  );
}
