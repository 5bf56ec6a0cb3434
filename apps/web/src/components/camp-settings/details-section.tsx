import { type CampDetail, campUpdateBody } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { Stack } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useUpdateCamp } from '../../api/camps.ts';
import {
  CampBasicsFields,
  CampCapacityFields,
  CampLocationFields,
  CampScheduleFields,
} from '../camps/camp-fields.tsx';
import { type CampFormValues, campFormValues, checkCamp, serverProblems } from '../camps/camp-form.ts';
import { checkFailed, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { SaveBar } from '../page/edit-page-frame.tsx';
import { SectionCard } from '../section-card.tsx';
import { useLeaveGuard } from './use-leave-guard.tsx';

/** Several scheduled sessions: the server then keeps each one's dates, price and places as they are. */
const hasSeveralSessions = (camp: CampDetail) =>
  camp.sessions.filter((session) => session.status === 'scheduled').length > 1;

/**
 * What the form sends. With several sessions the server ignores the camp's cost, but the spec's
 * form still takes whole dollars, so a lowest price with cents is sent without them.
 */
function updateBody(values: CampFormValues, perSession: boolean): CampFormValues {
  if (!perSession || Number.isInteger(Number(values.cost))) return values;
  return { ...values, cost: Math.floor(Number(values.cost)) || 1 };
}

/** The fields the camp's sessions decide. */
const sessionFields = ['startDate', 'endDate', 'cost', 'spotsAvailable', 'allowsWaitlist'] as const;

/**
 * A session changed below the form (added, edited, cancelled) moves the camp's dates, price and
 * places: the form takes the new values unless the host has typed over them, so saving the
 * details never writes old dates back onto the session.
 */
function useSessionFieldsFollow(form: UseFormReturnType<CampFormValues>, camp: CampDetail) {
  const saved = campFormValues(camp);
  const signature = sessionFields.map((field) => String(saved[field])).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the saved values.
  useEffect(() => {
    for (const field of sessionFields) {
      if (!form.isDirty(field)) form.setFieldValue(field, saved[field]);
    }
    // From now on a field is changed when it differs from the camp as saved.
    form.resetDirty(saved);
  }, [signature]);
}

/** Edit camp's Details: the spec's camp form, saved by its one Save at the foot. */
export function DetailsForm({ camp }: { camp: CampDetail }) {
  const update = useUpdateCamp(camp.id);
  const perSession = hasSeveralSessions(camp);
  const form = useForm<CampFormValues>({ initialValues: campFormValues(camp) });
  useSessionFieldsFollow(form, camp);

  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      // A new attempt: the last one's "saved" no longer stands.
      update.reset();
      const values = updateBody(form.getValues(), perSession);
      const problems = checkCamp(campUpdateBody, values, messages.requiredFields);
      return problems ? checkFailed(problems.fields, problems.banner) : { body: values };
    },
    showErrors: form.setErrors,
    send: (values) => update.mutateAsync(values),
    placeRefusal: (message, fields, values) =>
      serverProblems(message, fields, values, messages.requiredFields),
    onSent: (saved) => {
      form.setValues(campFormValues(saved));
      form.resetDirty();
    },
  });

  const leaving = useLeaveGuard(form.isDirty(), 'the details');

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      {leaving}
      <Stack gap="lg">
        <SectionCard title="Details" description="Fields marked * are required.">
          <CampBasicsFields form={form} />
        </SectionCard>
        <SectionCard title="Location and contact">
          <CampLocationFields form={form} />
        </SectionCard>
        <SectionCard
          title="Dates and ages"
          description={perSession ? messages.campHasSeveralSessions : undefined}
        >
          <CampScheduleFields form={form} perSession={perSession} />
        </SectionCard>
        <SectionCard
          title="Cost and spots"
          description={perSession ? messages.campHasSeveralSessions : undefined}
        >
          <CampCapacityFields form={form} perSession={perSession} />
        </SectionCard>
        <SaveBar
          problem={banner}
          saved={update.isSuccess ? messages.accountUpdated : null}
          saving={update.isPending}
          label="Save Changes"
          color="sun"
        />
      </Stack>
    </form>
  );
}
