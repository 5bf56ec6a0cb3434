import type { ParentRegistration } from '@campwise/contract/registrations';
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';

/**
 * On a place at My Registrations: the camp's questions and waivers, with a call to act when an
 * answer or a signature is missing (a waiver the camp changed, say).
 */
export function RegistrationFormsLine({ registration }: { registration: ParentRegistration }) {
  if (registration.forms === 'none') return null;
  const to = `/camper/camps/${registration.campId}/forms?child=${registration.childId}`;
  if (registration.forms === 'needed') {
    return (
      <Alert
        color="sun"
        variant="light"
        icon={<IconSignature aria-hidden />}
        title="The camp needs something from you"
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">A question is unanswered or a waiver needs your signature.</Text>
          <Button component={Link} to={to} color="sun" size="sm">
            Answer and sign
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Group gap={6}>
      <IconClipboardCheck size={18} aria-hidden color="var(--mantine-color-leaf-7)" />
      <Anchor component={Link} to={to} size="sm">
        Questions and waivers
      </Anchor>
    </Group>
  );
}
