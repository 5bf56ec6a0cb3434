import { messages } from '@campwise/contract/messages';
import { Box, Input, Stack, useMantineTheme } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { type FormEvent, useId, useState } from 'react';
import { useBeginCardSetup, useSaveCard } from '../../api/cards.ts';
import { type CardFormValues, CardHolderFields, emptyCard } from '../card-fields.tsx';
import { FormProblem } from '../form-alert.tsx';
import { CardFormFooter, type CardFormProps, useCardProblems } from './card-form-parts.tsx';
import { checkCardHolder } from './card-problems.ts';

// Stripe.js is loaded once per publishable key, however often the dialog opens.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

type CardFieldState = Pick<StripeCardElementChangeEvent, 'empty' | 'complete' | 'error'>;

/**
 * The card typed into Stripe's own field: the server starts a SetupIntent, the browser confirms
 * it with Stripe, and only the SetupIntent's id and the holder's name come back to us.
 */
function StripeCardFields({ onSaved, onCancel, onBusyChange }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useMantineTheme();
  const beginSetup = useBeginCardSetup();
  const save = useSaveCard();
  const form = useForm<CardFormValues>({ initialValues: emptyCard });
  const problems = useCardProblems(form);
  const [card, setCard] = useState<CardFieldState>({ empty: true, complete: false, error: undefined });
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const saving = confirming || beginSetup.isPending || save.isPending;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React carries a submit out of the dialog's portal to any form the dialog sits in.
    event.stopPropagation();
    problems.show(null);
    const { firstName, lastName } = form.getValues();
    const holder = checkCardHolder({ firstName, lastName });
    if (holder || card.empty) {
      problems.show({ fields: holder?.fields ?? {}, banner: messages.allCardFieldsRequired });
      return;
    }
    const cardElement = elements?.getElement(CardElement);
    if (!stripe || !cardElement) return;
    if (!card.complete) {
      problems.show({ fields: {}, banner: card.error?.message ?? messages.cardNumberInvalid });
      return;
    }
    onBusyChange(true);
    setConfirming(true);
    try {
      const { clientSecret } = await beginSetup.mutateAsync();
      if (!clientSecret) throw new Error(messages.tryAgain);
      const confirmed = await stripe.confirmCardSetup(clientSecret, {
        payment_method: {
          card: cardElement,
          billing_details: { name: `${firstName.trim()} ${lastName.trim()}` },
        },
      });
      if (confirmed.error) throw new Error(confirmed.error.message ?? messages.cardDeclined);
      onSaved(await save.mutateAsync({ firstName, lastName, setupIntentId: confirmed.setupIntent.id }));
    } catch (error) {
      problems.showFailure(error);
    } finally {
      setConfirming(false);
      onBusyChange(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} ref={problems.formRef}>
      <Stack gap="md">
        <FormProblem message={problems.banner} />
        <CardHolderFields form={form} />
        <Input.Wrapper
          id={labelId}
          label="Card"
          description="Card number, expiry date and CVC"
          withAsterisk
          error={card.error?.message}
        >
          <Box
            mt={4}
            px="sm"
            py={10}
            bd={`1px solid var(--mantine-color-${card.error ? 'red-7' : 'gray-4'})`}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            bg="white"
          >
            <CardElement
              options={{
                hidePostalCode: false,
                style: {
                  // Stripe's field is a frame of its own: it takes the theme's values, not its CSS variables.
                  base: { fontSize: '16px', color: theme.black, fontFamily: theme.fontFamily },
                  invalid: { color: theme.colors.red[8] },
                },
              }}
              onChange={(change) =>
                setCard({ empty: change.empty, complete: change.complete, error: change.error })
              }
            />
          </Box>
        </Input.Wrapper>
        <CardFormFooter
          saving={saving}
          onCancel={onCancel}
          note="The card is typed into Stripe's secure field and goes straight to Stripe. We keep only its brand, last four digits and expiry."
        />
      </Stack>
    </form>
  );
}

/** Stripe's Elements around the card form; the default export is what the dialog loads lazily. */
export default function StripeCardForm({
  publishableKey,
  ...props
}: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardFields {...props} />
    </Elements>
  );
}
