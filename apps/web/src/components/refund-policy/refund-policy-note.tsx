import { type RefundPolicy, refundPolicyText } from '@campwise/contract/refund-policy';
import { Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import padding from '../page/padding.module.css';

/** The camp's refund policy on its public page, beside its sessions and Register. */
export function CampRefundPolicy({ policy }: { policy: RefundPolicy }) {
  return (
    <Card className={padding.card} component="section" aria-labelledby="refund-policy-heading">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={36} radius="xl" aria-hidden>
            <IconReceiptRefund size={20} />
          </ThemeIcon>
          <Title order={2} fz="h3" id="refund-policy-heading">
            Refund policy
          </Title>
        </Group>
        <Text>{refundPolicyText(policy)}</Text>
      </Stack>
    </Card>
  );
}

/** The policy right above Pay, so a family reads it before paying. */
export function CheckoutRefundPolicy({ policy }: { policy: RefundPolicy }) {
  return (
    <Text size="sm">
      <Text span fw={700} inherit>
        Refund policy:
      </Text>{' '}
      {refundPolicyText(policy)}
    </Text>
  );
}
