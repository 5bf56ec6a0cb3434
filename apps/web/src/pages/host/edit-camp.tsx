import { type CampDetail, campUpdateBody } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  useDeleteCamp,
  useDeleteCampThumbnail,
  useHostCamp,
  useSetCampThumbnail,
  useUpdateCamp,
} from '../../api/camps.ts';
import { HostFormsSection } from '../../components/camp-forms/host-forms-section.tsx';
import { campSlides } from '../../components/camps/camp-carousel.tsx';
import {
  CampBasicsFields,
  CampCapacityFields,
  CampLocationFields,
  CampScheduleFields,
} from '../../components/camps/camp-fields.tsx';
import {
  type CampFormValues,
  campFormValues,
  checkCamp,
  serverProblems,
} from '../../components/camps/camp-form.ts';
import { CampImage } from '../../components/camps/camp-image.tsx';
import { CampLoadFailure } from '../../components/camps/camp-page-states.tsx';
import { ConfirmModal } from '../../components/camps/confirm-modal.tsx';
import { ImageSlotEditor } from '../../components/camps/image-slot-editor.tsx';
import { checkFailed, useCheckedSubmit } from '../../components/forms/use-checked-submit.ts';
import { DeleteSection, EditPageFrame, SaveBar } from '../../components/page/edit-page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { HostPaymentPlanSection } from '../../components/payment-plans/host-payment-plan-section.tsx';
import { HostRefundPolicySection } from '../../components/refund-policy/host-refund-policy-section.tsx';
import { HostRemindersSection } from '../../components/reminders/host-reminders-section.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { HostSessionsSection } from '../../components/sessions/host-sessions-section.tsx';
import { CampNotForYourRole } from '../../components/teams/camp-not-for-your-role.tsx';
import { useOrgRights } from '../../components/teams/use-org-rights.ts';
import { ThumbnailEditor } from '../../components/thumbnail-editor.tsx';

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

function DetailsForm({ camp }: { camp: CampDetail }) {
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

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
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

function ThumbnailSection({ camp }: { camp: CampDetail }) {
  const upload = useSetCampThumbnail(camp.id);
  const remove = useDeleteCampThumbnail(camp.id);
  const [confirming, confirm] = useDisclosure(false);

  const deleteThumbnail = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        confirm.close();
        notifications.show({ color: 'leaf', message: 'Thumbnail deleted.' });
      },
    });

  return (
    <SectionCard title="Thumbnail" description="Shown at 4:3 on camp cards and in search results.">
      <ThumbnailEditor
        preview={<CampImage image={camp.thumbnail} size="small" alt={`Current thumbnail of ${camp.name}`} />}
        hasThumbnail={camp.thumbnail !== null}
        upload={upload}
        actions={
          camp.thumbnail ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => {
                remove.reset();
                confirm.open();
              }}
            >
              Delete Thumbnail
            </Button>
          ) : null
        }
      />
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title="Delete thumbnail"
        question={messages.deleteCampThumbnailConfirm}
        confirmLabel="Delete"
        onConfirm={deleteThumbnail}
        loading={remove.isPending}
        error={remove.error}
      />
    </SectionCard>
  );
}

function ImagesSection({ camp }: { camp: CampDetail }) {
  return (
    <SectionCard
      title="Camp images"
      description="Up to three photos for the camp's profile. Each is uploaded on its own."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {campSlides(camp.images).map((slide) => (
          <ImageSlotEditor
            key={slide.position}
            campId={camp.id}
            campName={camp.name}
            position={slide.position}
            image={slide.image}
          />
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}

function DeleteCamp({ camp }: { camp: CampDetail }) {
  const navigate = useNavigate();
  const remove = useDeleteCamp(camp);
  return (
    <DeleteSection
      title="Delete camp"
      description="Deleting removes the camp and its photos."
      buttonLabel="Delete Camp"
      confirmLabel="Delete Camp"
      question={messages.deleteCampConfirm}
      consequence={`${camp.name} and its photos will be removed. This cannot be undone.`}
      remove={remove}
      onDeleted={() => {
        notifications.show({ color: 'leaf', message: `${camp.name} was deleted.` });
        navigate(`/host/org/${camp.orgId}/camps`, { replace: true });
      }}
    />
  );
}

/** Edit camp: details, thumbnail, three image slots and Delete Camp (docs/product-spec.md, section 2). */
export default function EditCamp() {
  const id = useRouteId();
  const query = useHostCamp(id);
  const rights = useOrgRights(query.data?.orgId);

  if (Number.isNaN(id) || query.error) {
    return (
      <CampLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  if (query.isPending || !rights.known) return <ProfileSkeleton label="Loading camp" />;
  const camp = query.data;
  if (!rights.may('camps:manage')) return <CampNotForYourRole title="Edit camp" camp={camp} />;

  return (
    <EditPageFrame title="Edit camp" parent={{ to: `/host/camp/${camp.id}`, label: camp.name }}>
      <DetailsForm key={camp.id} camp={camp} />
      <HostSessionsSection camp={camp} />
      <HostRefundPolicySection campId={camp.id} />
      <HostPaymentPlanSection campId={camp.id} />
      <HostFormsSection campId={camp.id} campName={camp.name} />
      <HostRemindersSection campId={camp.id} />
      <ThumbnailSection camp={camp} />
      <ImagesSection camp={camp} />
      <DeleteCamp camp={camp} />
    </EditPageFrame>
  );
}
