import { Button, Group, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { AppModal } from '../app-modal.tsx';

/**
 * Edit camp's save model (decision 073): a form section keeps its changes until its Save, so
 * leaving it with changes not saved (another section, another page, closing the tab) asks first.
 * Returns the question's dialog, to render with the form.
 */
export function useLeaveGuard(dirty: boolean, section: string): ReactNode {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });
  const asking = blocker.state === 'blocked';
  return (
    <AppModal
      opened={asking}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
      size="md"
    >
      <Text size="sm">Your changes to {section} are not saved yet. Leave them, or stay and save?</Text>
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          Stay
        </Button>
        <Button color="red" onClick={() => blocker.proceed?.()}>
          Leave without saving
        </Button>
      </Group>
    </AppModal>
  );
}
