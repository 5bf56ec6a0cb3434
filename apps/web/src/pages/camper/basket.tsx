import type { BasketCheckout as CheckoutAnswer } from '@campwise/contract/family-basket';
import { Button, Card, Grid, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useFamilyBasket } from '../../api/family-basket.ts';
import { BasketCheckout } from '../../components/family-basket/basket-checkout.tsx';
import { BasketDone } from '../../components/family-basket/basket-done.tsx';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError } from '../../components/page/page-state.tsx';

function BasketSkeleton() {
  return (
    <Grid gutter="xl" aria-busy="true">
      <VisuallyHidden role="status">Loading your basket</VisuallyHidden>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={140} radius="lg" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton height={220} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}

function EmptyBasket() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="binoculars" width={240} height={180} />
        <Title order={2}>Your basket is empty</Title>
        <Text c="gray.7" maw={480}>
          Press Add to basket beside a session on any camp's page. Weeks at different camps and organisations
          wait here together, each with the children going, and you pay for them all at once.
        </Text>
        <Button component={Link} to="/search" color="sun" leftSection={<IconSearch size={18} aria-hidden />}>
          Search camps
        </Button>
      </Stack>
    </Card>
  );
}

/** The family basket (decision 069): sessions from any camp, the children for each, one Pay. */
export default function FamilyBasketPage() {
  const basket = useFamilyBasket();
  const [done, setDone] = useState<CheckoutAnswer | null>(null);
  return (
    <PageFrame
      title="Your basket"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="Sessions from any camp, each with the children going, paid for together."
    >
      {done ? (
        <BasketDone answer={done} onBack={() => setDone(null)} />
      ) : basket.isPending ? (
        <BasketSkeleton />
      ) : basket.error ? (
        <LoadError message="We could not load your basket." onRetry={() => basket.refetch()} />
      ) : basket.data.camps.length === 0 ? (
        <EmptyBasket />
      ) : (
        <BasketCheckout basket={basket.data} onDone={setDone} />
      )}
    </PageFrame>
  );
}
