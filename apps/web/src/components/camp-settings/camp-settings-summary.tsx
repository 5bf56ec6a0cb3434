import { NO_DISCOUNTS } from '@campwise/contract/baskets';
import { refundPolicyText } from '@campwise/contract/refund-policy';
import { Anchor, Box, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useCampDiscounts, usePromoCodes } from '../../api/discounts.ts';
import { usePaymentPlan } from '../../api/payment-plans.ts';
import { useRefundPolicy } from '../../api/refund-policy.ts';
import { discountsSummaryText } from '../discounts/discount-text.ts';
import { SmallCapsLabel } from '../orgs/org-details.tsx';
import { paymentPlanText } from '../payment-plans/payment-plan-form.ts';
import { SectionCard } from '../section-card.tsx';
import { type CampSettingsSlug, settingsPath } from './settings-sections.ts';

/** One setting's words once its queries answer; a line placeholder meanwhile, a short note on failure. */
function settingText(queries: UseQueryResult[], text: () => string): ReactNode {
  if (queries.some((query) => query.isPending)) return <Skeleton height={16} width="70%" mt={6} />;
  if (queries.some((query) => query.isError)) {
    return (
      <Text size="sm" c="gray.7">
        Could not be loaded just now.
      </Text>
    );
  }
  return <Text size="sm">{text()}</Text>;
}

/**
 * The money settings families meet before paying, read on the camp's page, each with the way to
 * the Edit camp section where it changes: every setting has that one home (decision 073).
 */
export function CampSettingsSummary({ campId }: { campId: number }) {
  const discounts = useCampDiscounts(campId);
  const codes = usePromoCodes(campId);
  const policy = useRefundPolicy(campId);
  const plan = usePaymentPlan(campId);
  const rows: { slug: CampSettingsSlug; label: string; text: ReactNode }[] = [
    {
      slug: 'discounts',
      label: 'Discounts and promo codes',
      text: settingText([discounts, codes], () =>
        discountsSummaryText(discounts.data ?? NO_DISCOUNTS, codes.data?.length ?? 0),
      ),
    },
    {
      slug: 'refunds',
      label: 'Refund policy',
      text: settingText([policy], () => (policy.data ? refundPolicyText(policy.data) : '')),
    },
    {
      slug: 'payments',
      label: 'Deposits and instalments',
      text: settingText([plan], () => (plan.data ? paymentPlanText(plan.data.plan) : '')),
    },
  ];
  return (
    <SectionCard
      title="Prices and policies"
      headingId="prices-and-policies-heading"
      description="What families see before they pay. Each changes in Edit camp."
    >
      <Stack gap="sm">
        {rows.map((row, index) => (
          <Fragment key={row.slug}>
            {index > 0 ? <Divider /> : null}
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
              <Box miw={0}>
                <SmallCapsLabel>{row.label}</SmallCapsLabel>
                {row.text}
              </Box>
              <Anchor
                component={Link}
                to={settingsPath(campId, row.slug)}
                size="sm"
                fw={700}
                aria-label={`Change ${row.label.toLowerCase()}`}
                style={{ flexShrink: 0 }}
              >
                Change
              </Anchor>
            </Group>
          </Fragment>
        ))}
      </Stack>
    </SectionCard>
  );
}
