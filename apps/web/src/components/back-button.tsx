import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';

/**
 * "Back" to wherever the visitor came from in the app; a page opened from outside (a shared
 * link) has nothing behind it, so Back goes to `fallback` there.
 */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromApp = location.key !== 'default';
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={600}
      onClick={() => (cameFromApp ? navigate(-1) : navigate(fallback))}
      style={{ alignSelf: 'flex-start' }}
    >
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        Back
      </Group>
    </Anchor>
  );
}
