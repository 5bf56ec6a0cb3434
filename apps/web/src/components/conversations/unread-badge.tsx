import { Badge, VisuallyHidden } from '@mantine/core';
import { useUnreadCount } from '../../api/conversations.ts';

/** The number of unread conversations and announcements beside the Messages link; nothing at zero. */
export function UnreadBadge() {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      component="span"
      color="sun.9"
      variant="filled"
      size="sm"
      circle={count < 10}
      ml={4}
      data-testid="unread-badge"
    >
      {count}
      <VisuallyHidden> unread</VisuallyHidden>
    </Badge>
  );
}
