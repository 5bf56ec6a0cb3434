import { type BasketSession, basketFlags } from '@campwise/contract/family-basket';
import { formatMoney } from '@campwise/contract/format';
import { spotsLeftText } from '@campwise/contract/session-text';
import { ActionIcon, Alert, Box, Checkbox, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRemoveBasketSession, useSetBasketChildren } from '../../api/family-basket.ts';
import { registrationOptionsQuery } from '../../api/registrations.ts';
import { SessionWhen } from '../sessions/session-when.tsx';
import { flagText } from './basket-text.ts';

interface BasketSessionRowProps {
  campId: number;
  session: BasketSession;
  /** A payment is on its way: nothing changes meanwhile. */
  locked: boolean;
  /** Not the camp's first session: a line above it. */
  divided: boolean;
}

/**
 * A session in the basket: when it meets, its price, what changed since it was added, and the
 * children going to it, chosen here (each session its own, so siblings can have other weeks).
 */
export function BasketSessionRow({ campId, session, locked, divided }: BasketSessionRowProps) {
  const options = useQuery({
    ...registrationOptionsQuery(campId, session.sessionId),
    enabled: session.bookable,
  });
  const setChildren = useSetBasketChildren();
  const remove = useRemoveBasketSession();
  const titleId = `basket-session-${session.sessionId}`;
  const failed = (title: string) => (error: Error) =>
    notifications.show({ color: 'red', title, message: error.message });
  const flags = basketFlags(session);
  const campers = options.data?.children ?? [];
  // The choice shows at once; the server's basket replaces it when it answers.
  const chosen = setChildren.isPending ? setChildren.variables.childIds : session.childIds;

  return (
    <Box
      component="li"
      py="md"
      aria-labelledby={titleId}
      style={{ listStyle: 'none', borderTop: divided ? '1px solid var(--mantine-color-gray-2)' : undefined }}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <Box style={{ minWidth: 0 }}>
            <Title order={4} fz="h5" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              {session.sessionName}
            </Title>
            <SessionWhen session={session} c="gray.7" />
            {session.bookable ? (
              <Text size="sm" fw={700} c={session.spotsLeft > 0 ? 'leaf.8' : 'sun.9'}>
                {spotsLeftText(session)}
              </Text>
            ) : null}
          </Box>
          <Group gap="xs" wrap="nowrap">
            <Text fw={800}>{formatMoney(session.priceCents)}</Text>
            <Tooltip label="Remove from basket">
              <ActionIcon
                variant="subtle"
                color="gray.8"
                aria-label={`Remove ${session.sessionName} from basket`}
                loading={remove.isPending}
                disabled={locked}
                onClick={() =>
                  remove.mutate(session.sessionId, { onError: failed('The session is still in your basket') })
                }
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {flags.map((flag) => (
          <Alert
            key={flag.kind}
            color={flag.kind === 'price' ? 'sun' : 'red'}
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={18} aria-hidden />}
          >
            <Text size="sm">{flagText(flag)}</Text>
          </Alert>
        ))}
        {session.bookable ? (
          <Checkbox.Group
            label="Who goes?"
            value={chosen.map(String)}
            onChange={(values) =>
              setChildren.mutate(
                { sessionId: session.sessionId, childIds: values.map(Number) },
                { onError: failed('Your choice was not saved') },
              )
            }
            aria-describedby={titleId}
            styles={{ label: { fontWeight: 700 } }}
          >
            <Group gap="md" mt={6} aria-busy={options.isPending || setChildren.isPending}>
              {options.isPending ? (
                <Text size="sm" c="gray.7">
                  Checking who can come…
                </Text>
              ) : campers.length === 0 ? (
                <Text size="sm" c="gray.7">
                  Add your campers first, on My Campers.
                </Text>
              ) : (
                campers.map((child) => (
                  <Checkbox
                    key={child.id}
                    value={String(child.id)}
                    label={`${child.firstName} (${child.ageAtStart})`}
                    description={child.eligible ? undefined : child.reason}
                    disabled={
                      locked || setChildren.isPending || (!child.eligible && !chosen.includes(child.id))
                    }
                  />
                ))
              )}
            </Group>
          </Checkbox.Group>
        ) : null}
      </Stack>
    </Box>
  );
}
