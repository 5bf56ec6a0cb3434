import type { PromoCode } from '@campwise/contract/baskets';
import { Box, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useCampDiscounts, useDeletePromoCode, usePromoCodes } from '../../api/discounts.ts';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { DiscountsForm } from './discounts-form.tsx';
import { PromoCodeModal } from './promo-code-modal.tsx';
import { PromoCodesList } from './promo-codes-list.tsx';

function Loading({ label, rows }: { label: string; rows: number[] }) {
  return (
    <LoadingSkeleton label={label} gap="sm">
      {rows.map((height, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </LoadingSkeleton>
  );
}

function Discounts({ campId }: { campId: number }) {
  const query = useCampDiscounts(campId);
  return (
    <QueryState
      query={query}
      skeleton={<Loading label="Loading discounts" rows={[96, 96, 96]} />}
      errorMessage="We could not load the discounts."
    >
      {(saved) => <DiscountsForm campId={campId} saved={saved} />}
    </QueryState>
  );
}

function PromoCodes({ campId }: { campId: number }) {
  const query = usePromoCodes(campId);
  const remove = useDeletePromoCode(campId);
  const [adding, setAdding] = useState(0);
  const [addOpened, addDialog] = useDisclosure(false);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const [deleteOpened, deleteDialog] = useDisclosure(false);

  const confirmDelete = () => {
    const code = deleting;
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        deleteDialog.close();
        notifications.show({ color: 'leaf', message: `${code.code} was deleted.` });
      },
    });
  };

  const body = (
    <QueryState
      query={query}
      skeleton={<Loading label="Loading promo codes" rows={[44, 44]} />}
      errorMessage="We could not load the promo codes."
      empty={<Text c="gray.7">No promo codes yet. Add one to give families a code to type at checkout.</Text>}
    >
      {(codes) => (
        <PromoCodesList
          codes={codes}
          onDelete={(code) => {
            remove.reset();
            setDeleting(code);
            deleteDialog.open();
          }}
        />
      )}
    </QueryState>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Box>
          <Title order={3} fz="h4" id="promo-codes-heading">
            Promo codes
          </Title>
          <Text size="sm" c="gray.7" mt={4}>
            Families type a code at checkout; it applies after the other discounts.
          </Text>
        </Box>
        <Button
          variant="light"
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => {
            setAdding((count) => count + 1);
            addDialog.open();
          }}
          disabled={query.isPending}
        >
          Add promo code
        </Button>
      </Group>
      {body}
      <PromoCodeModal campId={campId} opened={addOpened} opening={adding} onClose={addDialog.close} />
      <ConfirmModal
        opened={deleteOpened}
        onClose={deleteDialog.close}
        title="Delete promo code"
        question={deleting ? `Delete ${deleting.code}? Families will no longer be able to use it.` : ''}
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        loading={remove.isPending}
        error={remove.error}
      />
    </Stack>
  );
}

/** A camp's discounts and promo codes on the host's camp page, below its sessions. */
export function HostDiscountsSection({ campId }: { campId: number }) {
  return (
    <SectionCard
      title="Discounts and promo codes"
      headingId="discounts-heading"
      gap="lg"
      description="Families see every discount line by line before they pay."
    >
      <Discounts campId={campId} />
      <Divider />
      <PromoCodes campId={campId} />
    </SectionCard>
  );
}
