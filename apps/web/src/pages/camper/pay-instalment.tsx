import { formatDate, formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { Alert, Button, Card, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { usePayInstalment } from '../../api/payment-plans.ts';
import { useMyRegistrations } from '../../api/registrations.ts';
import { FormError } from '../../components/form-alert.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError, ProfileSkeleton, ResourceNotFound } from '../../components/page/page-state.tsx';
import { attemptIsOver, newAttemptKey } from '../../components/registrations/attempt-key.ts';
import { PaymentCardChoice } from '../../components/registrations/payment-card-choice.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { SectionCard } from '../../components/section-card.tsx';

const registrationsPage = { to: '/camper/registrations', label: 'My Registrations' };

/**
 * Pay an instalment that did not go through (`/camper/instalments/{id}/pay`), the page the
 * failure e-mail links to: choose a saved card or add a new one, then pay.
 */
export default function PayInstalmentPage() {
  const id = useRouteId();
  const query = useMyRegistrations();
  const pay = usePayInstalment(id);
  const [cardId, setCardId] = useState<number | null>(null);
  const [cardProblem, setCardProblem] = useState<string | null>(null);
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);

  const places = (query.data ?? []).filter((row) =>
    row.plan?.instalments.some((instalment) => instalment.instalmentId === id),
  );
  const instalment = places[0]?.plan?.instalments.find((row) => row.instalmentId === id);

  if (query.error) {
    return (
      <PageFrame title="Pay an instalment" parent={registrationsPage}>
        <LoadError message="We could not load your registrations." onRetry={() => query.refetch()} />
      </PageFrame>
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading the payment" />;
  if (Number.isNaN(id) || !instalment) {
    return (
      <ResourceNotFound
        title="Payment not found"
        text={`${messages.instalmentNotFound} The link may be mistyped.`}
        backTo={registrationsPage.to}
        backLabel="Back to My Registrations"
      />
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pay.isPending) return;
    if (cardId === null) {
      setCardProblem(messages.chooseCard);
      return;
    }
    pay.mutate(
      { paymentMethodId: cardId, idempotencyKey: attemptKey },
      { onError: (error) => (attemptIsOver(error) ? setAttemptKey(newAttemptKey()) : undefined) },
    );
  };

  const who = places.map((place) => `${place.childName} at ${place.campName}`).join(' and ');
  return (
    <PageFrame title="Pay an instalment" parent={registrationsPage} description={`For ${who}.`} width="form">
      {pay.isSuccess || instalment.status === 'paid' ? (
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md" align="flex-start">
            <Title order={2} fz="h3">
              {messages.instalmentPaid}
            </Title>
            <Text>
              {pay.data
                ? `We charged ${formatMoney(instalment.instalmentCents)}. Your receipt number is ${pay.data.receiptNumber}.`
                : 'This payment has been made.'}
            </Text>
            <Button component={Link} to={registrationsPage.to} color="sun">
              Back to My Registrations
            </Button>
          </Stack>
        </Card>
      ) : instalment.status !== 'failed' ? (
        <Alert color="sun" variant="light">
          {messages.instalmentNotDue}
        </Alert>
      ) : (
        <form noValidate onSubmit={submit}>
          <Stack gap="lg">
            <SectionCard
              title={`${formatMoney(instalment.instalmentCents)} due ${formatDate(instalment.dueDate)}`}
              description={
                instalment.nextAttemptOn
                  ? `We could not charge your card. Pay now with another card, or we try again on ${formatDate(instalment.nextAttemptOn)}.`
                  : 'We could not charge your card. Please pay now with another card to keep your place.'
              }
            >
              <PaymentCardChoice
                value={cardId}
                onChange={(next) => {
                  setCardId(next);
                  setCardProblem(null);
                }}
                error={cardProblem}
              />
              <Text size="sm" c="gray.7">
                The card you pay with is used for the instalments still to come.
              </Text>
            </SectionCard>
            <FormError error={pay.error} />
            <Button
              type="submit"
              size="md"
              color="sun"
              loading={pay.isPending}
              leftSection={<IconLock size={18} aria-hidden />}
              style={{ alignSelf: 'flex-start' }}
            >
              Pay {formatMoney(instalment.instalmentCents)}
            </Button>
          </Stack>
        </form>
      )}
    </PageFrame>
  );
}
