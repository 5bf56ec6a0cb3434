import { cardDetailsSchema } from '@campwise/contract/cards';
import { formatMoney } from '@campwise/contract/format';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Code,
  Container,
  Divider,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useHostedCheckout, usePayHostedCheckout } from '../../api/subscriptions.ts';
import { CardFields, type CardFormValues, emptyCard } from '../../components/card-fields.tsx';
import { cardLabels } from '../../components/cards/card-problems.ts';
import { validateWith } from '../../components/forms/field-errors.ts';
import { LoadError } from '../../components/page/page-state.tsx';

/**
 * The built-in test processor's hosted checkout, standing where Stripe's page would: the card
 * goes to the processor, which redirects back to Campwise once it is paid.
 */
export default function HostedCheckoutPage() {
  const sessionId = useParams().sessionId ?? '';
  const checkout = useHostedCheckout(sessionId);
  const pay = usePayHostedCheckout(sessionId);
  const form = useForm<CardFormValues>({
    initialValues: emptyCard,
    validate: validateWith(cardDetailsSchema, cardLabels),
  });

  const body = (() => {
    if (checkout.isPending) {
      return (
        <Stack gap="md" aria-label="Loading checkout">
          <Skeleton height={28} width="60%" />
          <Skeleton height={120} />
        </Stack>
      );
    }
    if (checkout.error) {
      return checkout.error instanceof ApiError && checkout.error.status === 404 ? (
        <Alert color="red" variant="light" role="alert">
          {checkout.error.message}
        </Alert>
      ) : (
        <LoadError message="We could not load this checkout." onRetry={() => checkout.refetch()} />
      );
    }
    const session = checkout.data;
    const price = formatMoney(session.amountCents);
    return (
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            <Text c="gray.7" fw={600}>
              {session.merchant}
            </Text>
            <Title order={1} fz="h2">
              {session.description}
            </Title>
            <Text fz={32} fw={800} ff="heading">
              {price}
              <Text span c="gray.7" fz="md" fw={600}>
                {' '}
                per {session.interval}
              </Text>
            </Text>
            <Text size="sm" c="gray.7">
              Billed to {session.customerEmail}. Renews every {session.interval} until cancelled.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {session.status === 'open' ? (
            <form
              noValidate
              onSubmit={form.onSubmit((values) =>
                pay.mutate(values, { onSuccess: (redirectUrl) => window.location.assign(redirectUrl) }),
              )}
            >
              <Stack gap="md">
                {pay.error ? (
                  <Alert color="red" variant="light" role="alert">
                    {pay.error.message}
                  </Alert>
                ) : null}
                <CardFields form={form} />
                <Button
                  type="submit"
                  size="md"
                  leftSection={<IconLock size={16} aria-hidden />}
                  loading={pay.isPending || pay.isSuccess}
                >
                  Pay {price}
                </Button>
                <Anchor href={session.cancelUrl} size="sm" ta="center">
                  Cancel and return to Campwise
                </Anchor>
              </Stack>
            </form>
          ) : (
            <Stack gap="md">
              <Alert color={session.status === 'complete' ? 'leaf' : 'red'} variant="light" role="status">
                {session.status === 'complete'
                  ? 'This checkout has already been paid.'
                  : 'This checkout has expired. Please start again.'}
              </Alert>
              <Anchor href={session.cancelUrl}>Return to Campwise</Anchor>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
    );
  })();

  return (
    <Box bg="gray.0" mih="100vh" py={{ base: 'md', sm: 48 }}>
      <Container size={880}>
        <Stack gap="md">
          <Group justify="space-between">
            <Group gap={6}>
              <IconLock size={18} aria-hidden />
              <Text fw={700}>Secure checkout</Text>
            </Group>
            <Badge color="sun" variant="light">
              Test mode
            </Badge>
          </Group>
          <Card padding="xl" component="main">
            {body}
          </Card>
          <Card padding="md" withBorder shadow="none" bg="sun.0">
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                Test mode: no real money moves.
              </Text>
              <Text size="sm">
                Pay with <Code>4242 4242 4242 4242</Code>, any future expiry and any CVC. The card{' '}
                <Code>4000 0000 0000 0002</Code> is declined.
              </Text>
            </Stack>
          </Card>
          <Divider />
          <Text size="xs" c="gray.7" ta="center">
            Payments processed by the Campwise test processor. Card numbers are never stored.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
