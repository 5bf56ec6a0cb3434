import { type TestBankAccount, testBankAccountSchema } from '@campwise/contract/payouts';
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
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingBank, IconLock } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { useCompleteHostedOnboarding, useHostedOnboarding } from '../../api/payouts.ts';
import { validateWith } from '../../components/forms/field-errors.ts';
import { LoadError } from '../../components/page/page-state.tsx';

const bankLabels = {
  accountHolder: 'Account holder',
  routingNumber: 'Routing number',
  accountNumber: 'Account number',
};

const emptyBank: TestBankAccount = { accountHolder: '', routingNumber: '', accountNumber: '' };

const accountSettings = '/host/account';

/** The link cannot be used (expired, already used, unknown): say so and lead back. */
function Unavailable({ message }: { message: string }) {
  return (
    <Stack gap="md" align="flex-start">
      <Alert color="red" variant="light" role="alert" w="100%">
        {message}
      </Alert>
      <Anchor href={accountSettings}>Back to account settings</Anchor>
    </Stack>
  );
}

/**
 * The built-in test processor's hosted onboarding, standing where Stripe's own page would: the
 * host gives a test bank account, and the processor sends them back to Campwise.
 */
export default function HostedOnboardingPage() {
  const token = useParams().token ?? '';
  const onboarding = useHostedOnboarding(token);
  const complete = useCompleteHostedOnboarding(token);
  const form = useForm<TestBankAccount>({
    initialValues: emptyBank,
    validate: validateWith(testBankAccountSchema, bankLabels),
  });

  const body = (() => {
    if (onboarding.isPending) {
      return (
        <Stack gap="md" aria-label="Loading onboarding">
          <Skeleton height={28} width="60%" />
          <Skeleton height={120} />
        </Stack>
      );
    }
    if (onboarding.error) {
      return onboarding.error instanceof ApiError && onboarding.error.status === 404 ? (
        <Unavailable message={onboarding.error.message} />
      ) : (
        <LoadError message="We could not load this page." onRetry={() => onboarding.refetch()} />
      );
    }
    const account = onboarding.data;
    if (account.completed) {
      return (
        <Stack gap="md" align="flex-start">
          <Alert color="leaf" variant="light" role="status" w="100%">
            This payout account is already set up.
          </Alert>
          <Anchor href={accountSettings}>Back to account settings</Anchor>
        </Stack>
      );
    }
    if (account.expired) {
      return <Unavailable message="This link has expired. Start again from your account settings." />;
    }
    const refused = complete.error instanceof ApiError && complete.error.status === 409;
    return (
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="xs">
            <Text c="gray.7" fw={600}>
              Payouts for Campwise
            </Text>
            <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
              {account.businessName}
            </Title>
            <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              Signed up as {account.email}.
            </Text>
            <Text size="sm">
              Campwise pays what families pay for your camps, less its fee, into this bank account.
            </Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          {refused && complete.error ? (
            <Unavailable message={complete.error.message} />
          ) : (
            <form
              noValidate
              onSubmit={form.onSubmit((values) =>
                complete.mutate(values, { onSuccess: (redirectUrl) => window.location.assign(redirectUrl) }),
              )}
            >
              <Stack gap="md">
                {complete.error ? (
                  <Alert color="red" variant="light" role="alert">
                    {complete.error.message}
                  </Alert>
                ) : null}
                <Title order={2} fz="h4">
                  Bank account
                </Title>
                <TextInput
                  label={bankLabels.accountHolder}
                  autoComplete="name"
                  withAsterisk
                  {...form.getInputProps('accountHolder')}
                />
                <TextInput
                  label={bankLabels.routingNumber}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  withAsterisk
                  {...form.getInputProps('routingNumber')}
                />
                <TextInput
                  label={bankLabels.accountNumber}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={17}
                  withAsterisk
                  {...form.getInputProps('accountNumber')}
                />
                <Button
                  type="submit"
                  size="md"
                  leftSection={<IconBuildingBank size={16} aria-hidden />}
                  loading={complete.isPending || complete.isSuccess}
                >
                  Save bank account
                </Button>
                <Anchor href={accountSettings} size="sm" ta="center">
                  Cancel and return to Campwise
                </Anchor>
              </Stack>
            </form>
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
              <Text fw={700}>Payout account setup</Text>
            </Group>
            <Badge color="sun" variant="light">
              Test mode
            </Badge>
          </Group>
          <Card p={{ base: 'lg', sm: 'xl' }} component="main">
            {body}
          </Card>
          <Card padding="md" withBorder shadow="none" bg="sun.0">
            <Stack gap={4}>
              <Text size="sm" fw={700}>
                Test mode: no real money moves.
              </Text>
              <Text size="sm">
                Use routing number <Code>110000000</Code> and any account number of 4 to 17 digits.
              </Text>
            </Stack>
          </Card>
          <Divider />
          <Text size="xs" c="gray.7" ta="center">
            Payout accounts run by the Campwise test processor. Only the last four digits of the account
            number are kept.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
