import type { PromoCode } from '@campwise/contract/baskets';
import {
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SmallCapsLabel } from '../orgs/org-details.tsx';
import { discountText, promoUsesText, promoValidityText } from './discount-text.ts';

interface PromoCodesListProps {
  codes: PromoCode[];
  onDelete: (code: PromoCode) => void;
}

function DeleteButton({ code, onDelete }: { code: PromoCode; onDelete: (code: PromoCode) => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      leftSection={<IconTrash size={16} aria-hidden />}
      onClick={() => onDelete(code)}
      aria-label={`Delete promo code ${code.code}`}
    >
      Delete
    </Button>
  );
}

/** Wide screens: a table with a column per fact. */
function PromoCodeTable({ codes, onDelete }: PromoCodesListProps) {
  return (
    <Box visibleFrom="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Promo codes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Code</Table.Th>
              <Table.Th scope="col">Discount</Table.Th>
              <Table.Th scope="col">Valid</Table.Th>
              <Table.Th scope="col">Uses</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map((code) => (
              <Table.Tr key={code.id}>
                <Table.Th scope="row" ff="monospace" fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {code.code}
                </Table.Th>
                <Table.Td>{discountText(code)}</Table.Td>
                <Table.Td>{promoValidityText(code)}</Table.Td>
                <Table.Td>{promoUsesText(code)}</Table.Td>
                <Table.Td ta="right">
                  <DeleteButton code={code} onDelete={onDelete} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}

function CardFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <SmallCapsLabel>{label}</SmallCapsLabel>
      <Text size="sm">{children}</Text>
    </Box>
  );
}

/** Phones: a card per code, every fact labelled. */
function PromoCodeCards({ codes, onDelete }: PromoCodesListProps) {
  return (
    <Stack
      gap="sm"
      hiddenFrom="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Promo codes"
    >
      {codes.map((code) => (
        <Card component="li" key={code.id} padding="md" withBorder>
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Title order={4} fz="h4" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {code.code}
              </Title>
              <DeleteButton code={code} onDelete={onDelete} />
            </Group>
            <SimpleGrid cols={2} spacing="sm">
              <CardFact label="Discount">{discountText(code)}</CardFact>
              <CardFact label="Uses">{promoUsesText(code)}</CardFact>
            </SimpleGrid>
            <CardFact label="Valid">{promoValidityText(code)}</CardFact>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}

/** The camp's promo codes: a table on wide screens, a card per code on phones. */
export function PromoCodesList(props: PromoCodesListProps) {
  return (
    <>
      <PromoCodeTable {...props} />
      <PromoCodeCards {...props} />
    </>
  );
}
