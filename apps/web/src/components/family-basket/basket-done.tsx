import type { BasketCheckout } from '@campwise/contract/family-basket';
import { formatMoney } from '@campwise/contract/format';
import { Alert, Box, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4 } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Illustration } from '../illustration.tsx';
import { usePageTitle } from '../page-title.ts';
import { ReceiptLink } from '../receipts/receipt-link.tsx';
import { checkoutTitle } from './basket-text.ts';

/** What the family basket's checkout did, camp by camp: places and receipts, or why not (still in the basket). */
export function BasketDone({ answer, onBack }: { answer: BasketCheckout; onBack: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const title = checkoutTitle(answer.results);
  usePageTitle(title);
  const failed = answer.results.filter((result) => result.outcome === null);
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="campfire" width={240} height={180} />
        <Title order={2} ref={heading} tabIndex={-1}>
          {title}
        </Title>
        <List spacing="sm" maw={560} ta="left" listStyleType="none" p={0}>
          {answer.results.map((result) => (
            <List.Item
              key={result.campId}
              icon={
                result.outcome?.status === 'confirmed' ? (
                  <IconCircleCheck size={20} color="var(--mantine-color-leaf-7)" aria-hidden />
                ) : result.outcome ? (
                  <IconClockHour4 size={20} color="var(--mantine-color-sun-9)" aria-hidden />
                ) : null
              }
            >
              <Text fw={700} component="span">
                {result.campName}
              </Text>
              {result.outcome?.status === 'confirmed' && result.outcome.receiptNumber ? (
                <Text size="sm" c="gray.8">
                  Registered, {formatMoney(result.outcome.amountCents)} charged. Receipt number{' '}
                  <ReceiptLink number={result.outcome.receiptNumber} />; we e-mailed you the receipt.
                </Text>
              ) : result.outcome ? (
                <Text size="sm" c="gray.8">
                  On the waitlist, free of charge: we will e-mail you if a spot opens up.
                </Text>
              ) : null}
            </List.Item>
          ))}
        </List>
        {failed.length > 0 ? (
          <Box w="100%" maw={560} ta="left">
            <Alert color="red" variant="light" title="Not booked, still in your basket">
              <Stack gap={4}>
                {failed.map((result) => (
                  <Text key={result.campId} size="sm">
                    <strong>{result.campName}</strong>: {result.error}
                  </Text>
                ))}
              </Stack>
            </Alert>
          </Box>
        ) : null}
        <Group justify="center" gap="sm">
          <Button component={Link} to="/camper/registrations">
            My Registrations
          </Button>
          {failed.length > 0 ? (
            <Button variant="default" onClick={onBack}>
              Back to the basket
            </Button>
          ) : (
            <Button component={Link} to="/search" variant="default">
              Find more camps
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
