import { messages } from '@campwise/contract/messages';
import { Box, Input, Stack, useMantineTheme } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeCardElementChangeEvent } from '@stripe/stripe-js';
import { useId, useState } from 'react';
import { useBeginCardSetup, useSaveCard } from '../../api/cards.ts';
import { type CardFormValues, CardHolderFields, emptyCard } from '../card-fields.tsx';
import { FormProblem } from '../form-alert.tsx';
import { checkFailed, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { CardFormFooter, type CardFormProps } from './card-form-parts.tsx';
import { checkCardHolder, serverCardProblems } from './card-problems.ts';

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
  const [card, setCard] = useState<CardFieldState>({ empty: true, complete: false, error: undefined });
  const [confirming, setConfirming] = useState(false);
  const labelId = useId();
  const saving = confirming || beginSetup.isPending || save.isPending;

  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      const { firstName, lastName } = form.getValues();
      const holder = checkCardHolder({ firstName, lastName });
      if (holder || card.empty) {
        return checkFailed(holder?.fields ?? {}, messages.allCardFieldsRequired);
      }
      const cardElement = elements?.getElement(CardElement);
      // Stripe's field is still loading: nothing to send or to say yet.
      if (!stripe || !cardElement) return checkFailed({});
      if (!card.complete) return checkFailed({}, card.error?.message ?? messages.cardNumberInvalid);
      return { body: { firstName, lastName, stripe, cardElement } };
    },
    showErrors: form.setErrors,
    send: async ({ firstName, lastName, stripe: confirmer, cardElement }) => {
      onBusyChange(true);
      setConfirming(true);
      try {
        const { clientSecret } = await beginSetup.mutateAsync();
        if (!clientSecret) throw new Error(messages.tryAgain);
        const confirmed = await confirmer.confirmCardSetup(clientSecret, {
          payment_method: {
            card: cardElement,
            billing_details: { name: `${firstName.trim()} ${lastName.trim()}` },
          },
        });
        if (confirmed.error) throw new Error(confirmed.error.message ?? messages.cardDeclined);
        return await save.mutateAsync({ firstName, lastName, setupIntentId: confirmed.setupIntent.id });
      } finally {
        setConfirming(false);
        onBusyChange(false);
      }
    },
    placeRefusal: (message, fields) => serverCardProblems(message, fields, form.getValues()),
    onSent: onSaved,
  });

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      <Stack gap="md">
        <FormProblem message={banner} />
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
