import { brandName } from '@campwise/contract/cards';
import { formatMomentDay } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconCreditCard, IconTrash, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCard, useRemoveCard } from '../../api/cards.ts';
import { ApiError } from '../../api/client.ts';
import { ConfirmModal } from '../../components/camps/confirm-modal.tsx';
import { cardName, expiryText, maskedNumber } from '../../components/cards/card-text.ts';
import { Fact } from '../../components/fact.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError, ProfileSkeleton, ResourceNotFound } from '../../components/page/page-state.tsx';
import type { ParentScreen } from '../../components/page/parent-link.tsx';
import { useRouteId } from '../../components/route-id.ts';

const myCards: ParentScreen = { to: '/camper/cards', label: 'My Cards' };

function CardNotFound() {
  return (
    <ResourceNotFound
      title="Card not found"
      text={`${messages.cardNotFound} It may have been removed, or the link may be mistyped.`}
      backTo="/camper/cards"
      backLabel="Back to my cards"
    />
  );
}

/** One saved card (`/camper/cards/{id}`): what it is, and a way to remove it. */
export default function CardPage() {
  const id = useRouteId();
  const card = useCard(id);
  const remove = useRemoveCard(id);
  const navigate = useNavigate();
  const [confirming, confirm] = useDisclosure(false);

  if (Number.isNaN(id) || (card.error instanceof ApiError && card.error.status === 404)) {
    return <CardNotFound />;
  }
  if (card.error) {
    return (
      <PageFrame title="Card" parent={myCards}>
        <LoadError message="We could not load this card." onRetry={() => card.refetch()} />
      </PageFrame>
    );
  }
  if (card.isPending) return <ProfileSkeleton label="Loading card" />;
  const saved = card.data;
  const name = cardName(saved);

  const removeCard = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'leaf', message: `${name} was removed.` });
        navigate('/camper/cards', { replace: true });
      },
    });

  return (
    <PageFrame
      title={name}
      parent={myCards}
      width="form"
      actions={
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => {
            remove.reset();
            confirm.open();
          }}
        >
          Remove Card
        </Button>
      }
    >
      <Stack gap="lg">
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="lg">
            <Box
              p="lg"
              maw={360}
              bg="leaf.7"
              c="white"
              style={{ borderRadius: 'var(--mantine-radius-lg)', boxShadow: 'var(--mantine-shadow-md)' }}
              aria-hidden
            >
              <Group justify="space-between">
                <IconCreditCard size={32} />
                <Text fw={800}>{brandName(saved.brand)}</Text>
              </Group>
              <Text ff="monospace" fz="lg" fw={700} mt="lg">
                {maskedNumber(saved.last4)}
              </Text>
              <Group justify="space-between" mt="sm">
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {saved.holderName}
                </Text>
                <Text size="sm">{expiryText(saved)}</Text>
              </Group>
            </Box>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Fact icon={<IconCreditCard size={18} />} label="Card">
                {brandName(saved.brand)} ending in {saved.last4}
              </Fact>
              <Fact icon={<IconUser size={18} />} label="Name on card">
                {saved.holderName}
              </Fact>
              <Fact icon={<IconCalendarEvent size={18} />} label="Expires">
                {expiryText(saved)}{' '}
                {saved.isExpired ? (
                  <Badge color="red" variant="light">
                    Expired
                  </Badge>
                ) : null}
              </Fact>
            </SimpleGrid>
            <Text size="sm" c="gray.7">
              Added {formatMomentDay(saved.createdAt)}. The card is kept by our payment processor; Campwise
              never stores its full number or CVC.
            </Text>
          </Stack>
        </Card>
      </Stack>
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title="Remove card"
        question={messages.removeCardConfirm}
        confirmLabel="Remove Card"
        onConfirm={removeCard}
        loading={remove.isPending}
        error={remove.error}
      >
        <Text size="sm" c="gray.7">
          {name} will no longer be offered when you pay for a camp.
        </Text>
      </ConfirmModal>
    </PageFrame>
  );
}
