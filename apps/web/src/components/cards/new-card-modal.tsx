import type { SavedCard } from '@campwise/contract/cards';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useSaveCard } from '../../api/cards.ts';
import { useSiteInfo } from '../../api/site.ts';
import { AppModal } from '../app-modal.tsx';
import { CardFields, type CardFormValues, emptyCard } from '../card-fields.tsx';
import { FormProblem } from '../form-alert.tsx';
import { checkFailed, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { LoadError, PageLoader } from '../page/page-state.tsx';
import { CardFormFooter, type CardFormProps } from './card-form-parts.tsx';
import { checkCard, serverCardProblems } from './card-problems.ts';

// Stripe's code is fetched only where Stripe saves the cards.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

/** Card details typed into our form and handed to the test processor's tokeniser. */
function TypedCardForm({ onSaved, onCancel, onBusyChange }: CardFormProps) {
  const save = useSaveCard();
  const form = useForm<CardFormValues>({ initialValues: emptyCard });
  // The error is cleared at each submit and worked out afresh (docs/product-spec.md, section 5).
  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      const values = form.getValues();
      const found = checkCard(values);
      return found ? checkFailed(found.fields, found.banner) : { body: values };
    },
    showErrors: form.setErrors,
    send: async (values) => {
      onBusyChange(true);
      try {
        return await save.mutateAsync(values);
      } finally {
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
        <CardFields form={form} />
        <CardFormFooter
          saving={save.isPending}
          onCancel={onCancel}
          note="The card goes straight to our payment processor. We keep only its brand, last four digits and expiry: never the full number or the CVC."
        />
      </Stack>
    </form>
  );
}

interface NewCardModalProps {
  opened: boolean;
  onClose: () => void;
  /** Told about the saved card (the dialog closes itself). */
  onSaved?: (card: SavedCard) => void;
}

/**
 * New Card (docs/product-spec.md, section 2): a large centred dialog. A valid card is saved through the payment
 * processor, the dialog closes and the card lists reload; problems show inside the dialog.
 */
export function NewCardModal({ opened, onClose, onSaved }: NewCardModalProps) {
  const site = useSiteInfo();
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (!busy) onClose();
  };

  const saved = (card: SavedCard) => {
    notifications.show({
      color: 'leaf',
      title: 'Card saved',
      message: `Your card ending in ${card.last4} is ready to pay for camps.`,
    });
    onSaved?.(card);
    onClose();
  };

  const formProps: CardFormProps = { onSaved: saved, onCancel: close, onBusyChange: setBusy };
  const payments = site.data?.payments;

  return (
    <AppModal opened={opened} onClose={close} title="New Card" centered>
      {site.isPending ? (
        <PageLoader label="Loading the card form" />
      ) : site.error || !payments ? (
        <LoadError message="We could not load the card form." onRetry={() => site.refetch()} />
      ) : payments.provider === 'stripe' && payments.publishableKey ? (
        <Suspense fallback={<PageLoader label="Loading the secure card field" />}>
          <StripeCardForm publishableKey={payments.publishableKey} {...formProps} />
        </Suspense>
      ) : (
        <TypedCardForm {...formProps} />
      )}
    </AppModal>
  );
}
