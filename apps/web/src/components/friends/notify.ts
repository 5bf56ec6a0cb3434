import { notifications } from '@mantine/notifications';

/** A note on the friends screens, its close button named for screen readers. */
export function notify(color: 'leaf' | 'red', message: string): void {
  notifications.show({ color, message, closeButtonProps: { 'aria-label': 'Close' } });
}
