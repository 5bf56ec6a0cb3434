import { PROMO_CODE_MAX } from '@campwise/contract/baskets';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { PromoCodeState } from './use-promo-code.ts';

/** A promo code field with Apply, or the applied code with Remove; the server's refusal beside it. */
export function PromoCodeField({ promo }: { promo: PromoCodeState }) {
  const input = useRef<HTMLInputElement>(null);
  const remove = useRef<HTMLButtonElement>(null);
  const before = useRef(promo.applied);
  // Apply and Remove replace each other: focus moves to whichever takes their place.
  useEffect(() => {
    if (before.current === promo.applied) return;
    (promo.applied ? remove.current : input.current)?.focus();
    before.current = promo.applied;
  }, [promo.applied]);

  if (promo.applied) {
    return (
      <Group justify="space-between" gap="sm" wrap="nowrap" role="status">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconTicket size={18} aria-hidden color="var(--mantine-color-leaf-7)" />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Promo code <strong>{promo.applied}</strong> applied
          </Text>
        </Group>
        <Button
          ref={remove}
          variant="default"
          size="compact-sm"
          onClick={promo.remove}
          aria-label={`Remove promo code ${promo.applied}`}
          style={{ flexShrink: 0 }}
        >
          Remove
        </Button>
      </Group>
    );
  }
  return (
    <TextInput
      ref={input}
      label="Promo code"
      value={promo.draft}
      onChange={(event) => promo.type(event.currentTarget.value)}
      onKeyDown={(event) => {
        // Enter applies the code rather than paying.
        if (event.key === 'Enter') {
          event.preventDefault();
          void promo.apply();
        }
      }}
      error={promo.problem}
      errorProps={{ role: 'alert' }}
      maxLength={PROMO_CODE_MAX}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      rightSectionWidth={88}
      rightSectionPointerEvents="all"
      rightSection={
        <Button size="compact-sm" onClick={() => void promo.apply()} loading={promo.checking}>
          Apply
        </Button>
      }
    />
  );
}
