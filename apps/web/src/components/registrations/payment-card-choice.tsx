import { Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSavedCards } from '../../api/cards.ts';
import { cardName, expiryText } from '../cards/card-text.ts';
import { NewCardModal } from '../cards/new-card-modal.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import classes from './choice-card.module.css';

interface PaymentCardChoiceProps {
  value: number | null;
  onChange: (cardId: number | null) => void;
  error: string | null;
  /**
   * Inside a dialog a second dialog for a new card would fight the first for focus and Escape:
   * there a link to the cards page is offered instead.
   */
  newCardPage?: boolean;
}

/** The parent's saved cards to pay with, and a new one added on the spot (then chosen). */
export function PaymentCardChoice({ value, onChange, error, newCardPage = false }: PaymentCardChoiceProps) {
  const cards = useSavedCards();
  const [adding, { open, close }] = useDisclosure(false);
  const usable = cards.data?.filter((card) => !card.isExpired) ?? [];
  const firstUsable = usable[0]?.id ?? null;

  // The first card that can pay is chosen for the parent, so most can press Pay straight away.
  useEffect(() => {
    if (value === null && firstUsable !== null) onChange(firstUsable);
  }, [value, firstUsable, onChange]);

  return (
    <QueryState
      query={cards}
      skeleton={
        <LoadingSkeleton label="Loading your cards" gap="sm">
          <Skeleton height={64} radius="md" />
          <Skeleton height={36} width={180} radius="xl" />
        </LoadingSkeleton>
      }
      errorMessage="We could not load your cards."
    >
      {(saved) => (
        <Stack gap="md">
          {saved.length > 0 ? (
            <Radio.Group
              label="Pay with"
              value={value === null ? '' : String(value)}
              onChange={(id) => onChange(Number(id))}
              error={error}
              styles={{ label: { fontWeight: 700 } }}
            >
              <Stack gap="sm" mt="sm">
                {saved.map((card) => (
                  <Radio.Card
                    key={card.id}
                    value={String(card.id)}
                    disabled={card.isExpired}
                    radius="md"
                    className={classes.card}
                  >
                    <Group wrap="nowrap" gap="md">
                      <Radio.Indicator disabled={card.isExpired} />
                      <IconCreditCard size={28} aria-hidden color="var(--mantine-color-leaf-7)" />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={700}>{cardName(card)}</Text>
                        <Text size="sm" c={card.isExpired ? 'red.8' : 'gray.7'}>
                          {card.isExpired ? `Expired ${expiryText(card)}` : `Expires ${expiryText(card)}`} ·{' '}
                          {card.holderName}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          ) : (
            <Text c={error ? 'red.8' : 'gray.7'} role={error ? 'alert' : undefined}>
              {error ?? 'You have no saved cards yet. Add the card you want to pay with.'}
            </Text>
          )}
          {newCardPage ? (
            <Button
              component={Link}
              to="/camper/cards"
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              Add a card on My Cards
            </Button>
          ) : (
            <>
              <Button
                variant="light"
                leftSection={<IconPlus size={18} aria-hidden />}
                onClick={open}
                style={{ alignSelf: 'flex-start' }}
              >
                Use a new card
              </Button>
              <NewCardModal opened={adding} onClose={close} onSaved={(card) => onChange(card.id)} />
            </>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
