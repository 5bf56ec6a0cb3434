import { MAX_PICKUP_ADULTS, type PickupAdult, pickupAdultBody } from '@campwise/contract/check-in';
import { ActionIcon, Avatar, Button, Checkbox, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  useDeletePickupAdult,
  useDeletePickupPhoto,
  usePickupAdults,
  useSavePickupAdult,
} from '../../api/check-in.ts';
import { ApiError } from '../../api/client.ts';
import { AppModal } from '../app-modal.tsx';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { checkedBody, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { ImageFileInput } from '../image-file-input.tsx';
import { QueryState } from '../page/query-state.tsx';
import { PhoneInput } from '../phone-input.tsx';
import { SectionCard } from '../section-card.tsx';

type AdultFormValues = { name: string; relationship: string; phone: string };

interface AdultModalProps {
  childId: number;
  childName: string;
  /** The adult being changed, or null for a new one. */
  adult: PickupAdult | null;
  opened: boolean;
  onClose: () => void;
}

function AdultModal({ childId, childName, adult, opened, onClose }: AdultModalProps) {
  const save = useSavePickupAdult(childId, adult?.id ?? null);
  const removePhoto = useDeletePickupPhoto(childId);
  const [photo, setPhoto] = useState<File | null>(null);
  const [dropPhoto, setDropPhoto] = useState(false);
  const form = useForm<AdultFormValues>({
    initialValues: {
      name: adult?.name ?? '',
      relationship: adult?.relationship ?? '',
      phone: adult?.phone ?? '',
    },
  });

  const close = () => {
    if (save.isPending) return;
    save.reset();
    setPhoto(null);
    setDropPhoto(false);
    onClose();
  };

  const { onSubmit, banner, formRef } = useCheckedSubmit({
    check: () => {
      const values = form.getValues();
      const parsed = pickupAdultBody.safeParse(values);
      const errors: Record<string, string> = {};
      for (const issue of parsed.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
      return checkedBody(errors, () => values);
    },
    showErrors: form.setErrors,
    send: async (fields) => {
      const saved = await save.mutateAsync({ fields, photo });
      if (dropPhoto && !photo && adult?.photo) await removePhoto.mutateAsync(saved.id);
      return saved;
    },
    // The server's message stays above the form, whichever fields it also marks.
    placeRefusal: (message, fields = {}) => ({ fields, banner: message }),
    onSent: (saved) => {
      notifications.show({
        color: 'leaf',
        message: adult ? `${saved.name}'s details are saved.` : `${saved.name} can now collect ${childName}.`,
      });
      setPhoto(null);
      setDropPhoto(false);
      onClose();
    },
  });

  return (
    <AppModal opened={opened} onClose={close} title={adult ? 'Edit pickup adult' : 'Add pickup adult'}>
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <Stack gap="md">
          <FormProblem message={banner} />
          <TextInput label="Full name" withAsterisk autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label="Relationship to the child"
            description="For example grandmother, neighbour, babysitter"
            withAsterisk
            {...form.getInputProps('relationship')}
          />
          <PhoneInput label="Phone" withAsterisk {...form.getInputProps('phone')} />
          <ImageFileInput
            label={adult?.photo ? 'Replace the photo' : 'Photo (optional)'}
            description="A clear photo of their face helps staff at pickup. JPEG, PNG or WebP, up to 10 MB"
            value={photo}
            onChange={setPhoto}
            error={save.error instanceof ApiError ? (save.error.fields?.photo ?? null) : null}
          />
          {adult?.photo && !photo ? (
            <Checkbox
              label="Remove the current photo"
              checked={dropPhoto}
              onChange={(event) => setDropPhoto(event.currentTarget.checked)}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending || removePhoto.isPending}>
              {adult ? 'Save Changes' : 'Add Adult'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

function AdultLine({
  adult,
  onEdit,
  onRemove,
}: {
  adult: PickupAdult;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar src={adult.photo?.smallUrl ?? null} alt="" size={56} radius="md" color="leaf" variant="light">
          {adult.name.charAt(0).toUpperCase()}
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {adult.name}
          </Text>
          <Text size="sm" c="gray.7">
            {adult.relationship} · {adult.phone}
          </Text>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" onClick={onEdit} aria-label={`Edit ${adult.name}`}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          onClick={onRemove}
          aria-label={`Remove ${adult.name}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/**
 * The adults allowed to collect a child from camp, on the child's page (decision 030). Staff
 * hand the child only to one of them.
 */
export function PickupAdultsSection({ childId, childName }: { childId: number; childName: string }) {
  const adults = usePickupAdults(childId);
  const remove = useDeletePickupAdult(childId);
  const [editing, setEditing] = useState<PickupAdult | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PickupAdult | null>(null);
  const list = adults.data ?? [];

  return (
    <SectionCard
      title="Pickup adults"
      headingId="pickup-adults-heading"
      description={`Camp staff hand ${childName} only to these adults. Hosts of a session ${childName} has a paid place at see them, photo included.`}
      action={
        list.length < MAX_PICKUP_ADULTS ? (
          <Button
            variant="light"
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={adults.isPending || Boolean(adults.error)}
          >
            Add pickup adult
          </Button>
        ) : null
      }
    >
      <QueryState
        query={adults}
        skeleton={
          <Stack gap="sm" aria-busy="true">
            <Skeleton height={56} radius="md" />
            <Skeleton height={56} radius="md" />
          </Stack>
        }
        errorMessage="We could not load the pickup adults."
        empty={
          <Text c="gray.7" fs="italic">
            Nobody yet. You can always collect {childName} yourself; add the other adults who may, such as a
            grandparent or a babysitter.
          </Text>
        }
      >
        {(loaded) => (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {loaded.map((adult) => (
              <AdultLine
                key={adult.id}
                adult={adult}
                onEdit={() => setEditing(adult)}
                onRemove={() => {
                  remove.reset();
                  setRemoving(adult);
                }}
              />
            ))}
          </Stack>
        )}
      </QueryState>
      <AdultModal
        key={editing ? `edit-${editing.id}` : `add-${String(adding)}`}
        childId={childId}
        childName={childName}
        adult={editing}
        opened={adding || editing !== null}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove pickup adult"
        question={`Remove ${removing?.name ?? ''} from ${childName}'s pickup adults?`}
        confirmLabel="Remove"
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({
                color: 'leaf',
                message: `${removing.name} can no longer collect ${childName}.`,
              });
              setRemoving(null);
            },
          })
        }
        loading={remove.isPending}
        error={remove.error}
      >
        <Text size="sm" c="gray.7">
          Days they collected {childName} stay in the camp's records.
        </Text>
      </ConfirmModal>
    </SectionCard>
  );
}
