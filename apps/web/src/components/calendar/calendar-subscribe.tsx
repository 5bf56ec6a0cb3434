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
        {[
          { label: 'Add to Google Calendar', href: apps.google, icon: IconBrandGoogle, newTab: true },
          // webcal: opens the device's own calendar app, not a page.
          { label: 'Add to Apple Calendar', href: apps.apple, icon: IconBrandApple, newTab: false },
          { label: 'Add to Outlook', href: apps.outlook, icon: IconMail, newTab: true },
        ].map(({ label, href, icon: Icon, newTab }) => (
          <Button
            key={label}
            component="a"
            href={href}
            {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            variant="light"
            leftSection={<Icon size={18} aria-hidden />}
          >
            {label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
