import type { SavedCard } from '@campwise/contract/cards';
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useSaveCard } from '../../api/cards.ts';
import { useSiteInfo } from '../../api/site.ts';
import { AppModal } from '../app-modal.tsx';
import { CardFields, type CardFormValues, emptyCard } from '../card-fields.tsx';
import { FormProblem } from '../form-alert.tsx';
import { LoadError, PageLoader } from '../page/page-state.tsx';
import { CardFormFooter, type CardFormProps, useCardProblems } from './card-form-parts.tsx';
import { checkCard } from './card-problems.ts';

// Stripe's code is fetched only where Stripe saves the cards.
const StripeCardForm = lazy(() => import('./stripe-card-form.tsx'));

/** Card details typed into our form and handed to the test processor's tokeniser. */
function TypedCardForm({ onSaved, onCancel, onBusyChange }: CardFormProps) {
  const save = useSaveCard();
  const form = useForm<CardFormValues>({ initialValues: emptyCard });
  const problems = useCardProblems(form);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // React carries a submit out of the dialog's portal to any form the dialog sits in.
    event.stopPropagation();
    // The error is cleared at each submit and worked out afresh (docs/product-spec.md, section 5).
    problems.show(null);
    const values = form.getValues();
    const found = checkCard(values);
    if (found) {
      problems.show(found);
      return;
    }
    onBusyChange(true);
    try {
      onSaved(await save.mutateAsync(values));
    } catch (error) {
      problems.showFailure(error);
    } finally {
      onBusyChange(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} ref={problems.formRef}>
      <Stack gap="md">
        <FormProblem message={problems.banner} />
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
