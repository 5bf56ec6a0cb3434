import { formatMoment, formatMoney } from '@campwise/contract/format';
import { isActivePlace, isWaiting } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import type { ParentRegistration } from '@campwise/contract/registrations';
import { dailyTimesOf } from '@campwise/contract/session-text';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowsExchange, IconClockHour4, IconReceipt, IconSearch } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useCancelRegistration, useMyRegistrations } from '../../api/registrations.ts';
import { RegistrationFormsLine } from '../../components/camp-forms/registration-forms-line.tsx';
import { MyReviewLine } from '../../components/camp-reviews/my-review-line.tsx';
import { campDatesText } from '../../components/camps/camp-text.ts';
import { Illustration } from '../../components/illustration.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadingSkeleton } from '../../components/page/page-state.tsx';
import { QueryState } from '../../components/page/query-state.tsx';
import { PlacePlanDetails } from '../../components/payment-plans/place-plan.tsx';
import { RECEIPTS_PATH } from '../../components/receipts/receipt-text.ts';
import { AddToCalendarMenu } from '../../components/registrations/add-to-calendar-menu.tsx';
import { CancelRegistrationModal } from '../../components/registrations/cancel-registration-modal.tsx';
import { cancelConsequence } from '../../components/registrations/cancel-text.ts';
import { RegistrationStatusBadge } from '../../components/registrations/status-badge.tsx';
import { TransferModal, type TransferPlace } from '../../components/registrations/transfer-modal.tsx';
import { adjustmentText } from '../../components/registrations/transfer-text.ts';
import { FindCampButton } from '../../components/search/find-camp-button.tsx';

/** What was paid, refunded or is being charged, in a few words. */
function moneyText(registration: ParentRegistration): string {
  if (registration.plan && registration.status === 'confirmed') {
    return `Price ${formatMoney(registration.amountCents)} · Paying in instalments`;
  }
  if (registration.plan && registration.refundedCents > 0) {
    return `Paid ${formatMoney(registration.plan.paidCents)} · Refunded ${formatMoney(registration.refundedCents)}`;
  }
  if (registration.status === 'pending_payment') return `Charging ${formatMoney(registration.amountCents)}`;
  if (registration.status === 'payment_failed') return 'Nothing was charged';
  if (registration.refundedCents > 0) {
    return `Paid ${formatMoney(registration.amountCents)} · Refunded ${formatMoney(registration.refundedCents)}`;
  }
  if (registration.status === 'confirmed') return `Paid ${formatMoney(registration.amountCents)}`;
  return 'No charge';
}

/** "List price $450 · Discounts applied: Sibling discount -$30", or null for a place bought at its price. */
function Discounts({ registration }: { registration: ParentRegistration }) {
  const applied = registration.adjustments.filter((adjustment) => adjustment.amountCents > 0);
  if (applied.length === 0) return null;
  return (
    <Text size="xs" c="gray.7">
      List price {formatMoney(registration.listPriceCents)} · Discounts applied:{' '}
      {applied.map((adjustment, index) => (
        // A discount's name and amount stay on one line; the line may break between discounts.
        <Fragment key={adjustment.kind}>
          <span style={{ whiteSpace: 'nowrap' }}>{adjustmentText(adjustment)}</span>
          {index < applied.length - 1 ? ', ' : ''}
        </Fragment>
      ))}
    </Text>
  );
}

/** The dialog's view of a registration: who moves, and the session they are in now. */
const transferPlace = (registration: ParentRegistration): TransferPlace => ({
  registrationId: registration.id,
  campId: registration.campId,
  childName: registration.childName,
  when: registration,
});

interface ChildGroup {
  childId: number;
  childName: string;
  items: ParentRegistration[];
}

/** Registrations per child (children by name), each child's in the order the server sends them. */
function byChild(registrations: ParentRegistration[]): ChildGroup[] {
  const groups = new Map<number, ChildGroup>();
  for (const registration of registrations) {
    const group = groups.get(registration.childId) ?? {
      childId: registration.childId,
      childName: registration.childName,
      items: [],
    };
    group.items.push(registration);
    groups.set(registration.childId, group);
  }
  return [...groups.values()].sort((a, b) => a.childName.localeCompare(b.childName));
}

interface RegistrationActions {
  onCancel: (registration: ParentRegistration) => void;
  onTransfer: (registration: ParentRegistration) => void;
}

function RegistrationCard({
  registration,
  onCancel,
  onTransfer,
}: RegistrationActions & { registration: ParentRegistration }) {
  const offer = registration.status === 'offered' && registration.offerExpiresAt;
  // A confirmed place with dates (year-round camps have none to put in a calendar).
  const calendarLinks = registration.status === 'confirmed' ? registration.calendarLinks : null;

  const hasActions = calendarLinks !== null || registration.canTransfer || registration.canCancel;

  return (
    <Card component="article" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Box style={{ minWidth: 0 }}>
            <Title order={4} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              <Anchor component={Link} to={`/camps/${registration.campId}`} inherit>
                {registration.campName}
              </Anchor>
            </Title>
            <Text size="sm" fw={700} style={{ overflowWrap: 'anywhere' }}>
              {registration.sessionName}
            </Text>
            <Text size="sm" c="gray.7">
              {registration.orgName}
            </Text>
          </Box>
          <RegistrationStatusBadge status={registration.status} />
        </Group>
        <Text size="sm">{campDatesText({ ...registration, dailyTimes: dailyTimesOf(registration) })}</Text>
        <Box>
          <Text size="sm" c="gray.7">
            {moneyText(registration)}
            {registration.status === 'waitlisted' && registration.waitlistPosition !== null
              ? ` · Number ${registration.waitlistPosition} on the waitlist`
              : ''}
          </Text>
          <Discounts registration={registration} />
        </Box>
        {registration.plan ? (
          <PlacePlanDetails plan={registration.plan} active={registration.status === 'confirmed'} />
        ) : null}
        {offer ? (
          <Alert color="sun" variant="light" icon={<IconClockHour4 aria-hidden />} title="A spot opened up!">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                It is held for {registration.childName} until {formatMoment(offer, { weekday: 'long' })}.
                Complete the registration before then to keep it.
              </Text>
              <Button
                component={Link}
                to={`/camps/${registration.campId}/register?session=${registration.sessionId}`}
                color="sun"
                size="sm"
              >
                Complete registration
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <RegistrationFormsLine registration={registration} />
        {hasActions ? (
          <Group gap="sm">
            {calendarLinks ? (
              <AddToCalendarMenu registrationId={registration.id} links={calendarLinks} />
            ) : null}
            {registration.canTransfer ? (
              <Button
                variant="light"
                size="sm"
                leftSection={<IconArrowsExchange size={18} aria-hidden />}
                onClick={() => onTransfer(registration)}
              >
                Change session
              </Button>
            ) : null}
            {registration.canCancel ? (
              <Button variant="light" color="red" size="sm" onClick={() => onCancel(registration)}>
                {isWaiting(registration.status) ? 'Leave waitlist' : 'Cancel registration'}
              </Button>
            ) : null}
          </Group>
        ) : null}
        {registration.status === 'confirmed' ? (
          <MyReviewLine
            session={{
              sessionId: registration.sessionId,
              campName: registration.campName,
              sessionName: registration.sessionName,
            }}
          />
        ) : null}
      </Stack>
    </Card>
  );
}

function RegistrationSection({
  title,
  registrations,
  ...actions
}: RegistrationActions & {
  title: string;
  registrations: ParentRegistration[];
}) {
  if (registrations.length === 0) return null;
  const headingId = `registrations-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId}>
        {title}
      </Title>
      {byChild(registrations).map((group) => (
        <Stack
          key={group.childId}
          gap="sm"
          role="group"
          aria-labelledby={`${headingId}-child-${group.childId}`}
        >
          <Title order={3} fz="h4" c="leaf.8" id={`${headingId}-child-${group.childId}`}>
            {group.childName}
          </Title>
          {/* A list page runs the full width (decision 070): its cards two abreast on a wide screen. */}
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            {group.items.map((registration) => (
              <RegistrationCard key={registration.id} registration={registration} {...actions} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <LoadingSkeleton label="Loading your registrations" gap="md">
      <Skeleton height={28} width={160} />
      {['a', 'b', 'c'].map((key) => (
        <Skeleton key={key} height={140} radius="lg" />
      ))}
    </LoadingSkeleton>
  );
}

function EmptyState() {
  return (
    <Card padding="xl">
      <Stack align="center" ta="center" gap="md" py="lg">
        <Illustration name="backpack" width={240} height={180} />
        <Title order={2}>No registrations yet</Title>
        <Text c="gray.7" maw={460}>
          Find a camp your children will love and register them in a few steps. Their places and waitlist
          spots will show here.
        </Text>
        <Button component={Link} to="/search" color="sun" leftSection={<IconSearch size={18} aria-hidden />}>
          Search camps
        </Button>
      </Stack>
    </Card>
  );
}

/** The parent's registrations and waitlist places, upcoming and past, with cancelling. */
export default function MyRegistrations() {
  const query = useMyRegistrations();
  const cancel = useCancelRegistration();
  // The registration stays set while the dialog closes, so its words do not change as it fades.
  const [cancelling, setCancelling] = useState<ParentRegistration | null>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  // Like the cancelled one, the moved registration stays set while its dialog closes.
  const [moving, setMoving] = useState<TransferPlace | null>(null);
  const [transferring, transferDialog] = useDisclosure(false);

  const openTransfer = (registration: ParentRegistration) => {
    setMoving(transferPlace(registration));
    transferDialog.open();
  };

  const openCancel = (registration: ParentRegistration) => {
    cancel.reset();
    setCancelling(registration);
    open();
  };

  const confirmCancel = () => {
    if (!cancelling) return;
    cancel.mutate(cancelling, {
      onSuccess: (result) => {
        notifications.show({
          color: 'leaf',
          message:
            result.refundedCents > 0
              ? `${cancelling.childName}'s registration for ${cancelling.campName} is cancelled. ${formatMoney(result.refundedCents)} is on its way back to your card.`
              : `${cancelling.childName} left the waitlist for ${cancelling.campName}.`,
        });
        close();
      },
    });
  };

  const registrations = query.data ?? [];
  const upcoming = registrations.filter((item) => item.upcoming && isActivePlace(item.status));
  const past = registrations.filter((item) => !(item.upcoming && isActivePlace(item.status)));
  const consequence = cancelling ? cancelConsequence(cancelling) : null;

  return (
    <PageFrame
      title="My Registrations"
      parent={{ to: '/camper/dashboard', label: 'My Dashboard' }}
      description="Your children's camps and waitlist places."
      actions={
        <Group gap="sm">
          <Button
            component={Link}
            to={RECEIPTS_PATH}
            variant="default"
            leftSection={<IconReceipt size={18} aria-hidden />}
          >
            Receipts
          </Button>
          <FindCampButton />
        </Group>
      }
    >
      <Stack gap="xl">
        <QueryState
          query={query}
          skeleton={<ListSkeleton />}
          errorMessage="We could not load your registrations."
          empty={<EmptyState />}
        >
          {() => (
            <>
              {upcoming.length === 0 ? (
                <Text c="gray.7">
                  Nothing coming up.{' '}
                  <Anchor component={Link} to="/search" underline="always">
                    Find your next camp
                  </Anchor>
                  .
                </Text>
              ) : null}
              <RegistrationSection
                title="Upcoming"
                registrations={upcoming}
                onCancel={openCancel}
                onTransfer={openTransfer}
              />
              <RegistrationSection
                title="Past and cancelled"
                registrations={past}
                onCancel={openCancel}
                onTransfer={openTransfer}
              />
            </>
          )}
        </QueryState>
      </Stack>
      <CancelRegistrationModal
        opened={confirming}
        onClose={close}
        title={cancelling && isWaiting(cancelling.status) ? 'Leave the waitlist' : 'Cancel registration'}
        question={
          cancelling && isWaiting(cancelling.status)
            ? messages.leaveWaitlistConfirm
            : messages.cancelRegistrationConfirm
        }
        consequence={consequence?.consequence ?? ''}
        policy={consequence?.policy}
        confirmLabel={cancelling && isWaiting(cancelling.status) ? 'Leave waitlist' : 'Cancel registration'}
        onConfirm={confirmCancel}
        loading={cancel.isPending}
        error={cancel.error}
      />
      <TransferModal side="parent" opened={transferring} onClose={transferDialog.close} place={moving} />
    </PageFrame>
  );
}
