import { notifications } from '@mantine/notifications';

/** A note after a change to a team, its close button named for screen readers. */
export function notify(color: 'leaf' | 'red', message: string): void {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': 'Close' } });
}
