import { type Child, GENDER_LABELS, SHIRT_SIZE_LABELS } from '@campwise/contract/children';
import { formatBirthday } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCake, IconFirstAidKit, IconPencil, IconShirt, IconTrash, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useChild, useDeleteChild, useUpdateChild } from '../../api/children.ts';
import { ApiError } from '../../api/client.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmModal } from '../../components/camps/confirm-modal.tsx';
import { PickupAdultsSection } from '../../components/check-in/pickup-adults-section.tsx';
import { ChildAvatar } from '../../components/children/child-avatar.tsx';
import { ChildForm, childFormValues, useChildForm } from '../../components/children/child-form.tsx';
import { MedicalViews } from '../../components/children/medical-views.tsx';
import { Fact } from '../../components/fact.tsx';
import { HealthProfileCard } from '../../components/health-profiles/health-profile-card.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { LoadError, ProfileSkeleton, ResourceNotFound } from '../../components/page/page-state.tsx';
import type { ParentScreen } from '../../components/page/parent-link.tsx';
import { ChildRegistrations } from '../../components/registrations/child-registrations.tsx';
import { useRouteId } from '../../components/route-id.ts';

const myCampers: ParentScreen = { to: '/camper/campers', label: 'My Campers' };

function ChildNotFound() {
  return (
    <ResourceNotFound
      title="Camper not found"
      text={`${messages.childNotFound} It may have been deleted, or the link may be mistyped.`}
      backTo="/camper/campers"
      backLabel="Back to my campers"
    />
  );
}

function EditCamperModal({ child, opened, onClose }: { child: Child; opened: boolean; onClose: () => void }) {
  const update = useUpdateChild(child.id);
  const form = useChildForm(childFormValues(child));

  const close = () => {
    if (update.isPending) return;
    form.setValues(childFormValues(child));
    form.clearErrors();
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Edit Camper">
      <ChildForm
        form={form}
        submitLabel="Save Changes"
        saving={update.isPending}
        onCancel={close}
        onSubmit={async (values) => {
          const saved = await update.mutateAsync(values);
          notifications.show({ color: 'leaf', message: `${saved.firstName}'s details are saved.` });
          form.setValues(childFormValues(saved));
          form.resetDirty();
          onClose();
        }}
      />
    </AppModal>
  );
}

/** A camper's page: details, edit, delete, and the camper's registrations (`/camper/child/{id}`). */
export default function ChildPage() {
  const id = useRouteId();
  const child = useChild(id);
  const remove = useDeleteChild(id);
  const navigate = useNavigate();
  const [editing, edit] = useDisclosure(false);
  const [deleting, confirmDelete] = useDisclosure(false);

  if (Number.isNaN(id) || (child.error instanceof ApiError && child.error.status === 404)) {
    return <ChildNotFound />;
  }
  if (child.error) {
    return (
      <PageFrame title="Camper" parent={myCampers}>
        <LoadError message="We could not load this camper." onRetry={() => child.refetch()} />
      </PageFrame>
    );
  }
  if (child.isPending) return <ProfileSkeleton label="Loading camper" />;
  const camper = child.data;
  const name = `${camper.firstName} ${camper.lastName}`;

  const deleteChild = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        notifications.show({ color: 'leaf', message: `${name} was deleted from your campers.` });
        navigate('/camper/campers', { replace: true });
      },
    });

  return (
    <PageFrame
      title={name}
      parent={myCampers}
      description={
        <Group gap="sm" wrap="nowrap">
          <ChildAvatar firstName={camper.firstName} lastName={camper.lastName} size={40} />
          <Text>{camper.age === 1 ? '1 year old' : `${camper.age} years old`}</Text>
        </Group>
      }
      actions={
        <>
          <Button variant="default" leftSection={<IconPencil size={18} aria-hidden />} onClick={edit.open}>
            Edit
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => {
              remove.reset();
              confirmDelete.open();
            }}
          >
            Delete
          </Button>
        </>
      }
    >
      <Stack gap="lg">
        <Card p={{ base: 'lg', sm: 'xl' }}>
          <Stack gap="md">
            <Title order={2} fz="h3">
              Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Fact icon={<IconCake size={18} />} label="Birthday">
                {formatBirthday(camper.birthday)}
              </Fact>
              <Fact icon={<IconUser size={18} />} label="Gender">
                {camper.gender ? GENDER_LABELS[camper.gender] : 'Not given'}
              </Fact>
              <Fact icon={<IconShirt size={18} />} label="Shirt size">
                {SHIRT_SIZE_LABELS[camper.shirtSize]}
              </Fact>
            </SimpleGrid>
            <Fact icon={<IconFirstAidKit size={18} />} label="Other health notes">
              {camper.medical ? (
                <Text span style={{ whiteSpace: 'pre-line' }}>
                  {camper.medical}
                </Text>
              ) : (
                <Text span c="gray.7" fs="italic">
                  None given
                </Text>
              )}
            </Fact>
          </Stack>
        </Card>

        <HealthProfileCard childId={camper.id} childName={camper.firstName} />
        <PickupAdultsSection childId={camper.id} childName={camper.firstName} />
        <ChildRegistrations childId={camper.id} />
        <MedicalViews childId={camper.id} />
      </Stack>

      <EditCamperModal child={camper} opened={editing} onClose={edit.close} />
      <ConfirmModal
        opened={deleting}
        onClose={confirmDelete.close}
        title="Delete camper"
        question={messages.deleteChildConfirm}
        confirmLabel="Delete Camper"
        onConfirm={deleteChild}
        loading={remove.isPending}
        error={remove.error}
      >
        <Text size="sm" c="gray.7">
          {name} and their details will be removed from your account.
        </Text>
      </ConfirmModal>
    </PageFrame>
  );
}
