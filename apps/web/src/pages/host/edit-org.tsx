import { messages } from '@campwise/contract/messages';
import { type HostOrg, type OrgUpdate, orgUpdateBody } from '@campwise/contract/orgs';
import { Alert, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useDeleteOrg, useHostOrg, useUpdateOrg, useUpdateOrgThumbnail } from '../../api/orgs.ts';
import { missesRequiredField, validateWith } from '../../components/forms/field-errors.ts';
import { checkedBody, useCheckedSubmit } from '../../components/forms/use-checked-submit.ts';
import {
  AboutFields,
  ContactFields,
  LocationFields,
  NameField,
  requiredOrgLabels,
  useTimeZoneFollowingZip,
} from '../../components/orgs/org-fields.tsx';
import { OrgLoadFailure } from '../../components/orgs/org-page-states.tsx';
import { OrgThumbnail } from '../../components/orgs/org-thumbnail.tsx';
import { ReviewBadge } from '../../components/orgs/review-badge.tsx';
import { DeleteSection, EditPageFrame, SaveBar } from '../../components/page/edit-page-frame.tsx';
import { ProfileSkeleton } from '../../components/page/page-state.tsx';
import { useRouteId } from '../../components/route-id.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { NotForYourRole } from '../../components/teams/not-for-your-role.tsx';
import { may } from '../../components/teams/team-rights.ts';
import { ThumbnailEditor } from '../../components/thumbnail-editor.tsx';

type OrgValues = Record<keyof OrgUpdate, string>;

/** The form starts from what was last submitted: a revision in review, or the live details. */
function initialValues(org: HostOrg): OrgValues {
  const details = org.revision?.details ?? org;
  return {
    name: details.name,
    address: details.address,
    city: details.city,
    state: details.state,
    zip: details.zip,
    timeZone: org.timeZone,
    phone: details.phone,
    website: details.website ?? '',
    bio: details.bio ?? '',
    contactName: details.contactName ?? '',
    contactPhone: details.contactPhone ?? '',
    contactEmail: details.contactEmail ?? '',
  };
}

/** Where the organization stands in review, and what saving will do. */
function StatusNotes({ org }: { org: HostOrg }) {
  if (org.status === 'denied') {
    return (
      <Alert color="sun" variant="light" title="This organization was not approved" role="status">
        {org.denyReason ? (
          <Text size="sm" mb={4}>
            <strong>Reason:</strong> {org.denyReason}
          </Text>
        ) : null}
        <Text size="sm">Make the changes asked for, then save to send it for review again.</Text>
      </Alert>
    );
  }
  if (org.status === 'pending') {
    return (
      <Alert color="leaf" variant="light" icon={<IconInfoCircle aria-hidden />}>
        This organization is waiting for review. Saving updates what our team will review.
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      {org.revision?.status === 'denied' ? (
        <Alert color="sun" variant="light" title="Your last changes were not approved" role="status">
          {org.revision.denyReason ? (
            <Text size="sm" mb={4}>
              <strong>Reason:</strong> {org.revision.denyReason}
            </Text>
          ) : null}
          <Text size="sm">
            The form shows those changes; adjust them and save to send them for review again.
          </Text>
        </Alert>
      ) : null}
      <Alert color="leaf" variant="light" icon={<IconInfoCircle aria-hidden />}>
        {org.revision?.status === 'pending'
          ? 'Your earlier changes are waiting for review and are shown below. Saving replaces them; '
          : 'Changes to an approved organization are reviewed by our team before they appear; '}
        your current details stay live in the meantime.
      </Alert>
    </Stack>
  );
}

const editOrgLabels = requiredOrgLabels(false);
const validateOrg = validateWith<OrgValues>(orgUpdateBody, editOrgLabels);

function DetailsForm({ org }: { org: HostOrg }) {
  const navigate = useNavigate();
  const update = useUpdateOrg(org.id);
  const form = useForm<OrgValues>({ initialValues: initialValues(org) });
  const pickedTimeZone = useTimeZoneFollowingZip(form);
  const field = (name: keyof OrgValues) =>
    name === 'timeZone' ? pickedTimeZone(form.getInputProps(name)) : form.getInputProps(name);

  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      // A new attempt: the last one's "saved" no longer stands.
      update.reset();
      const values = form.getValues();
      const errors = validateOrg(values);
      return checkedBody(
        errors,
        () => values,
        missesRequiredField(errors, editOrgLabels) ? messages.requiredFields : null,
      );
    },
    showErrors: form.setErrors,
    send: (values) => update.mutateAsync(values),
    // The server's message stays above the form, whichever fields it also marks.
    placeRefusal: (message, fields = {}) => ({ fields, banner: message }),
    onSent: ({ org: saved, inReview }) => {
      if (inReview) {
        notifications.show({
          color: 'leaf',
          message: org.status === 'approved' ? messages.orgDetailsUpdatedReview : messages.orgDetailsUpdated,
        });
        navigate('/host/dashboard?orgupdate=true');
        return;
      }
      form.setValues(initialValues(saved));
      form.resetDirty();
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} ref={formRef}>
      <Stack gap="lg">
        <SectionCard title="Details">
          <NameField field={field} />
          <AboutFields field={field} />
        </SectionCard>
        <SectionCard title="Location">
          <LocationFields field={field} />
        </SectionCard>
        <SectionCard
          title="Contact person"
          description="Who families and our team can reach about this organization."
        >
          <ContactFields field={field} contactRequired={false} />
        </SectionCard>
        <SaveBar
          problem={banner}
          saved={update.isSuccess && !update.data.inReview ? messages.orgDetailsUpdated : null}
          saving={update.isPending}
          label="Save"
        />
      </Stack>
    </form>
  );
}

function ThumbnailSection({ org }: { org: HostOrg }) {
  const upload = useUpdateOrgThumbnail(org.id);
  return (
    <SectionCard
      title="Thumbnail"
      description="Saved on its own with Update Thumbnail. Shown at 4:3 on cards and profiles."
    >
      <ThumbnailEditor
        preview={<OrgThumbnail image={org.thumbnail} size="small" alt={`Current thumbnail of ${org.name}`} />}
        hasThumbnail={org.thumbnail !== null}
        upload={upload}
      />
    </SectionCard>
  );
}

function DeleteOrg({ org }: { org: HostOrg }) {
  const navigate = useNavigate();
  const remove = useDeleteOrg(org.id);
  return (
    <DeleteSection
      title="Delete organization"
      description="Deleting removes the organization and all of its camps."
      buttonLabel="Delete Organization"
      confirmLabel="Delete"
      question={messages.deleteOrgConfirm}
      consequence={`${org.name} and all of its camps will be removed. This cannot be undone.`}
      remove={remove}
      onDeleted={() => {
        notifications.show({ color: 'leaf', message: `${org.name} was deleted.` });
        navigate('/host/orgs', { replace: true });
      }}
    />
  );
}

/** Edit organization: details, location, contact person, thumbnail, delete (docs/product-spec.md, section 2). */
export default function EditOrg() {
  const id = useRouteId();
  const query = useHostOrg(id);

  if (Number.isNaN(id) || query.error) {
    return (
      <OrgLoadFailure
        error={query.error}
        onRetry={() => query.refetch()}
        backTo="/host/dashboard"
        backLabel="Back to my organizations"
      />
    );
  }
  if (query.isPending) return <ProfileSkeleton label="Loading organization" />;
  const org = query.data;
  if (!may(org, 'org:edit')) {
    return (
      <NotForYourRole
        title="Edit organization"
        role={org.myRole}
        orgName={org.name}
        backTo={org.status === 'approved' ? `/host/org/${org.id}` : '/host/dashboard'}
        backLabel={org.status === 'approved' ? `Back to ${org.name}` : 'Back to my organizations'}
      />
    );
  }

  return (
    <EditPageFrame
      title="Edit organization"
      parent={
        org.status === 'approved'
          ? { to: `/host/org/${org.id}`, label: org.name }
          : { to: '/host/dashboard', label: 'My Organizations' }
      }
      badge={<ReviewBadge state={org.status} size="lg" />}
      description={
        org.status === 'approved' ? undefined : <Text style={{ overflowWrap: 'anywhere' }}>{org.name}</Text>
      }
    >
      <StatusNotes org={org} />
      <DetailsForm key={org.id} org={org} />
      <ThumbnailSection org={org} />
      {may(org, 'org:delete') ? <DeleteOrg org={org} /> : null}
    </EditPageFrame>
  );
}
