import type { SavedCard } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSavedCards } from '../../api/cards.ts';
import { cardName, expiryText, maskedNumber } from '../../components/cards/card-text.ts';
import { NewCardModal } from '../../components/cards/new-card-modal.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import classes from './camper.module.css';

const gridCols = { base: 1, sm: 2, md: 3 };

/** A saved card: the credit-card icon and the masked number; the whole card opens its page. */
function SavedCardItem({ card }: { card: SavedCard }) {
  return (
    <Card component="article" padding="lg" className={classes.card}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={48} radius="md" aria-hidden>
          <IconCreditCard size={28} />
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" lh={1.3}>
            <Anchor
              component={Link}
              to={`/camper/cards/${card.id}`}
              className={classes.stretched}
              underline="hover"
              inherit
            >
              {cardName(card)}
            </Anchor>
          </Title>
          <Text ff="monospace" fw={600} aria-hidden>
            {maskedNumber(card.last4)}
          </Text>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {card.holderName} · Expires {expiryText(card)}
          </Text>
          {card.isExpired ? (
            <Badge color="red" variant="light">
              Expired
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

function CardListSkeleton() {
  return (
    <LoadingSkeleton label="Loading your cards">
      <SimpleGrid cols={gridCols} spacing="lg">
        {['a', 'b'].map((key) => (
          <Card key={key} padding="lg">
            <Group gap="md" wrap="nowrap">
              <Skeleton height={48} width={48} radius="md" />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={18} width="70%" />
                <Skeleton height={14} width="60%" />
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </LoadingSkeleton>
  );
}

function EmptyState({ onAdd }: { onAdd: () => void }) {
  return (
    <Card p={{ base: 'lg', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="wallet" width={260} height={195} />
        <Title order={2}>{messages.noCards}</Title>
        <Text c="gray.7" maw={480}>
          Save a card to pay for camps in one step. The card goes straight to our payment processor; we keep
          only its brand, last four digits and expiry.
        </Text>
        <Button color="sun" onClick={onAdd}>
          Add your first card
        </Button>
      </Stack>
    </Card>
  );
}

/** MY CARDS (docs/product-spec.md, section 2): the saved cards and + New Card. */
export default function MyCards() {
  const cards = useSavedCards();
  const [adding, { open, close }] = useDisclosure(false);

  return (
    <PageFrame
      title="My Cards"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="The cards you pay for camps with."
      actions={
        <Button color="sun" onClick={open}>
          + New Card
        </Button>
      }
    >
      <QueryState
        query={cards}
        skeleton={<CardListSkeleton />}
        errorMessage="We could not load your cards."
        empty={<EmptyState onAdd={open} />}
      >
        {(saved) => (
          <SimpleGrid cols={gridCols} spacing="lg">
            {saved.map((card) => (
              <SavedCardItem key={card.id} card={card} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <NewCardModal opened={adding} onClose={close} />
    </PageFrame>
  );
}
