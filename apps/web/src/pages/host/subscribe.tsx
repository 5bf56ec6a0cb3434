import { formatMoney } from '@campwise/contract/format';
import { Alert, Button, Card, Center, List, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Navigate } from 'react-router';
import { useSiteInfo } from '../../api/site.ts';
import { useStartCheckout, useSubscription } from '../../api/subscriptions.ts';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { PageLoader } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';

const included = [
  'List your organizations and all of their camps',
  'Registration and card payments handled for you',
  'Rosters with every camper’s details, ready to export',
  'Found by local families searching for camps',
];

export default function Subscribe() {
  const subscription = useSubscription();
  const site = useSiteInfo();
  const checkout = useStartCheckout();

  return (
    <QueryState
      query={subscription}
      skeleton={<PageLoader label="Checking your subscription" />}
      errorMessage="We could not check your subscription."
    >
      {(state) => {
        if (state.isSubscribed) return <Navigate to="/host/dashboard" replace />;

        return (
          <PageFrame
            title="Subscribe Today"
            description="A subscription is required to list organizations and camps on Campwise and to take registrations."
            width="narrow"
            aside={
              <Center h="100%">
                <Illustration name="hero-host" width={400} height={300} />
              </Center>
            }
          >
            <Card padding="xl">
              <Stack gap="lg">
                {site.data ? (
                  <Text fz={36} fw={800} ff="heading" c="leaf.8">
                    {formatMoney(site.data.planPriceCents)}
                    <Text span fz="md" fw={600} c="gray.7">
                      {' '}
                      per {site.data.planInterval}
                    </Text>
                  </Text>
                ) : (
                  <Skeleton height={44} width={180} />
                )}
                <List
                  spacing="xs"
                  icon={
                    <ThemeIcon size={22} radius="xl" color="leaf">
                      <IconCheck size={14} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {included.map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
                {checkout.error ? (
                  <Alert color="red" variant="light" role="alert">
                    {checkout.error.message}
                  </Alert>
                ) : null}
                <Button
                  color="sun"
                  size="md"
                  loading={checkout.isPending || checkout.isSuccess}
                  onClick={() =>
                    checkout.mutate(undefined, { onSuccess: (url) => window.location.assign(url) })
                  }
                >
                  Purchase Subscription
                </Button>
                <Text size="sm" c="gray.7">
                  You can cancel any time from your account settings; you keep access until the end of the
                  period you paid for.
                </Text>
              </Stack>
            </Card>
          </PageFrame>
        );
      }}
    </QueryState>
  );
}
