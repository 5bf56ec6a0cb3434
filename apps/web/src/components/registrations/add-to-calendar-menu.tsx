import type { CalendarLinks } from '@campwise/contract/registrations';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBrandGoogle, IconBrandWindows, IconCalendarPlus, IconDownload } from '@tabler/icons-react';
import { calendarDownload, useDownload } from '../../api/registrations.ts';

/**
 * "Add to calendar" for one place: Google Calendar's and Outlook.com's own "new event" pages with
 * the event filled in, or its calendar file for Apple's Calendar and every other app.
 */
export function AddToCalendarMenu({
  registrationId,
  links,
}: {
  registrationId: number;
  links: CalendarLinks;
}) {
  const download = useDownload();
  const saveFile = () =>
    download.mutate(calendarDownload(registrationId), {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  return (
    // No focus placeholder in the list: a menu holds only its items (axe's aria-required-children).
    <Menu position="bottom-start" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="light"
          size="sm"
          leftSection={<IconCalendarPlus size={18} aria-hidden />}
          loading={download.isPending}
        >
          Add to calendar
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component="a"
          href={links.google}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandGoogle size={16} aria-hidden />}
        >
          Google Calendar
        </Menu.Item>
        <Menu.Item
          component="a"
          href={links.outlook}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandWindows size={16} aria-hidden />}
        >
          Outlook.com
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={saveFile}>
          Apple Calendar or another app (.ics)
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
