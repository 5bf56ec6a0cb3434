import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { CampSession } from '@campwise/contract/sessions';
import { type TransferOption, transferBody } from '@campwise/contract/transfers';
import { Box, Button, Flex, Group, Radio, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useIsMutating } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { type TransferSide, transferKeys, useTransfer, useTransferOptions } from '../../api/transfers.ts';
import { AppModal } from '../app-modal.tsx';
import { FormError, FormProblem } from '../form-alert.tsx';
import { SmallCapsLabel } from '../orgs/org-details.tsx';
import { LoadError } from '../page/page-state.tsx';
import { SessionWhen } from '../sessions/session-when.tsx';
import classes from './choice-card.module.css';
import { PaymentCardChoice } from './payment-card-choice.tsx';
import {
  confirmLabel,
  consequenceText,
  differenceText,
  type MovedPlace,
  movedText,
  transferPlacesText,
} from './transfer-text.ts';

/** The place to move, as the screen that opens the dialog knows it. */
export interface TransferPlace extends MovedPlace {
  registrationId: number;
  campId: number;
  /** The current session's dates and hours, where the screen has them. */
  when?: Pick<CampSession, 'startDate' | 'endDate' | 'startTime' | 'endTime'>;
}

const titles: Record<TransferSide, string> = {
  parent: 'Change session',
  host: 'Move to another session',
};

const priceRules: Record<TransferSide, string> = {
  parent:
    'You pay or get back the difference between the sessions’ prices; your discounts stay with the place.',
  host: 'A cheaper session refunds the difference to the family; a dearer one costs them nothing.',
};

/** Green for money back, the accent's dark shade for money to pay, quiet grey otherwise. */
function differenceColor(side: TransferSide, differenceCents: number): string {
  if (differenceCents < 0) return 'leaf.8';
  return differenceCents > 0 && side === 'parent' ? 'sun.9' : 'gray.7';
}

/** The field a refusal names (a session, a card), or nothing. */
function fieldError(error: Error | null, field: string): string | null {
  return error instanceof ApiError ? (error.fields?.[field] ?? null) : null;
}

/** A declined card is said beside the cards, where another one can be chosen. */
const declined = (error: Error | null) => error instanceof ApiError && error.status === 402;

function OptionsSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true">
      <VisuallyHidden role="status">Loading the other sessions</VisuallyHidden>
      <Skeleton height={20} width={120} />
      {['a', 'b'].map((key) => (
        <Skeleton key={key} height={96} radius="md" />
      ))}
    </Stack>
  );
}

function OptionCard({ side, option }: { side: TransferSide; option: TransferOption }) {
  return (
    <Radio.Card
      value={String(option.sessionId)}
      disabled={!option.available}
      radius="md"
      className={classes.card}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Radio.Indicator mt={2} disabled={!option.available} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group justify="space-between" gap="xs" align="flex-start">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {option.name}
            </Text>
            <Text fw={700} size="sm" c={differenceColor(side, option.differenceCents)}>
              {differenceText(side, option.differenceCents)}
            </Text>
          </Group>
          <SessionWhen session={option} c="gray.8" />
          <Text size="sm" c="gray.7">
            {/* A full session's reason says so already. */}
            {option.spotsLeft > 0 ? (
              <Text span inherit c={option.available ? 'leaf.8' : undefined} fw={600}>
                {transferPlacesText(option.spotsLeft)} ·{' '}
              </Text>
            ) : null}
            {formatMoney(option.priceCents)}
          </Text>
          {option.reason ? (
            <Text size="sm" c="gray.7">
              {option.reason}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

interface TransferFormProps {
  side: TransferSide;
  place: TransferPlace;
  onClose: () => void;
}

/** The other sessions to choose from, a card when the move costs more, and the move itself. */
function TransferForm({ side, place, onClose }: TransferFormProps) {
  const options = useTransferOptions(side, place.registrationId);
  const transfer = useTransfer(side, place.registrationId, place.campId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [cardId, setCardId] = useState<number | null>(null);
  const [sessionProblem, setSessionProblem] = useState<string | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const sessionList = useRef<HTMLDivElement>(null);

  if (options.isPending) return <OptionsSkeleton />;
  if (options.error) {
    return <LoadError message="We could not load the other sessions." onRetry={() => options.refetch()} />;
  }

  const { data } = options;
  const chosen = data.options.find((option) => option.sessionId === chosenId && option.available);
  const paying = side === 'parent' && chosen !== undefined && chosen.differenceCents > 0;
  const error = transfer.error;
  const sessionError = sessionProblem ?? fieldError(error, 'sessionId');
  const cardError =
    cardProblem ??
    fieldError(error, 'paymentMethodId') ??
    (declined(error) ? (error?.message ?? null) : null);
  const saidBesideField =
    fieldError(error, 'sessionId') !== null ||
    fieldError(error, 'paymentMethodId') !== null ||
    declined(error);

  /** A new choice: what the previous attempt said no longer applies. */
  const change = (apply: () => void) => {
    if (transfer.isPending) return;
    transfer.reset();
    setFormProblem(null);
    apply();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (transfer.isPending || options.isFetching) return;
    if (!chosen) {
      setSessionProblem(messages.chooseSession);
      // The problem is said beside the sessions; the first one to choose takes the focus.
      sessionList.current?.querySelector<HTMLElement>('[role="radio"]:not(:disabled)')?.focus();
      return;
    }
    if (paying && cardId === null) {
      setCardProblem(messages.transferCardNeeded);
      return;
    }
    const parsed = transferBody.safeParse({
      sessionId: chosen.sessionId,
      expectedDifferenceCents: chosen.differenceCents,
      paymentMethodId: paying ? (cardId ?? undefined) : undefined,
    });
    if (!parsed.success) {
      setFormProblem(parsed.error.issues[0]?.message ?? messages.tryAgain);
      return;
    }
    transfer.mutate(parsed.data, {
      onSuccess: (outcome) => {
        notifications.show({ color: 'leaf', message: movedText(side, place, outcome) });
        onClose();
      },
    });
  };

  const anyAvailable = data.options.some((option) => option.available);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        <Box
          p="md"
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <SmallCapsLabel>Now</SmallCapsLabel>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {data.sessionName}
          </Text>
          {place.when ? <SessionWhen session={place.when} c="gray.8" /> : null}
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {data.childName} · {data.campName} · Paid {formatMoney(data.paidCents)}
          </Text>
        </Box>

        {data.options.length === 0 ? (
          <Text c="gray.7">This camp has no other session to move to.</Text>
        ) : (
          <Radio.Group
            label="Move to"
            description={
              anyAvailable ? priceRules[side] : 'None of the other sessions can take this place right now.'
            }
            value={chosenId === null ? '' : String(chosenId)}
            onChange={(id) =>
              change(() => {
                setChosenId(Number(id));
                setSessionProblem(null);
                setCardProblem(null);
              })
            }
            error={sessionError}
            styles={{ label: { fontWeight: 700 } }}
          >
            <Stack ref={sessionList} gap="sm" mt="sm" aria-busy={options.isFetching}>
              {data.options.map((option) => (
                <OptionCard key={option.sessionId} side={side} option={option} />
              ))}
            </Stack>
          </Radio.Group>
        )}

        {paying ? (
          <PaymentCardChoice
            value={cardId}
            onChange={(id) => {
              // The first card is chosen on its own when the cards appear: that must not clear
              // what the last attempt said (a new price), only a declined card's refusal.
              if (declined(transfer.error)) transfer.reset();
              setCardId(id);
              setCardProblem(null);
            }}
            error={cardError}
            newCardPage
          />
        ) : null}

        {chosen ? (
          <Text fw={700} aria-live="polite">
            {consequenceText(side, place, chosen)}
          </Text>
        ) : null}
        <FormProblem message={formProblem} />
        {saidBesideField ? null : <FormError error={error} />}
        {/* Side by side where there is room; one above the other, full width, on phones. */}
        <Flex direction={{ base: 'column', xs: 'row' }} justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={transfer.isPending}>
            Keep {data.sessionName}
          </Button>
          <Button
            type="submit"
            color={paying ? 'sun' : undefined}
            loading={transfer.isPending}
            disabled={data.options.length === 0 || !anyAvailable || options.isFetching}
          >
            {chosen ? confirmLabel(side, chosen.differenceCents) : 'Move'}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

interface TransferModalProps {
  side: TransferSide;
  opened: boolean;
  onClose: () => void;
  /** Stays set while the dialog closes, so its words do not change as it fades. */
  place: TransferPlace | null;
}

/**
 * Moves a child's paid place to another session of the same camp: the parent's "Change session"
 * (paying a dearer session's difference with a saved card) or the host's "Move" (never charging).
 * Each session says what the move costs or gives back, and the button says it again.
 */
export function TransferModal({ side, opened, onClose, place }: TransferModalProps) {
  // A move on its way is not abandoned by closing the dialog: its answer is still to be said.
  const moving = useIsMutating({ mutationKey: transferKeys.moves(side) }) > 0;
  return (
    <AppModal opened={opened} onClose={() => !moving && onClose()} title={titles[side]}>
      {place ? <TransferForm side={side} place={place} onClose={onClose} /> : null}
    </AppModal>
  );
}
