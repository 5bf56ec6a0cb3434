import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../camps/confirm-modal.tsx';
import { FormProblem, FormSuccess } from '../form-alert.tsx';
import { SectionCard } from '../section-card.tsx';
import { PageFrame } from './page-frame.tsx';
import type { ParentScreen } from './parent-link.tsx';

interface EditPageFrameProps {
  title: string;
  parent: ParentScreen;
  badge?: ReactNode;
  description?: ReactNode;
  /** The page's sections, top to bottom: the details form first, Delete last. */
  children: ReactNode;
}

/** An edit page (a camp's, an organization's): the form-wide frame, its sections a step apart. */
export function EditPageFrame({ title, parent, badge, description, children }: EditPageFrameProps) {
  return (
    <PageFrame title={title} parent={parent} badge={badge} description={description} width="form">
      <Stack gap="lg">{children}</Stack>
    </PageFrame>
  );
}

/** The foot of an edit page's details form: what went wrong or that it was saved, then Save. */
export function SaveBar({
  problem,
  saved,
  saving,
  label,
  color,
}: {
  problem: string | null;
  /** The message once saved; null before, or when there is nothing to say. */
  saved: string | null;
  saving: boolean;
  label: string;
  color?: string;
}) {
  return (
    <>
      <FormProblem message={problem} />
      <FormSuccess message={saved} />
      <Group justify="flex-end">
        <Button type="submit" size="md" color={color} loading={saving}>
          {label}
        </Button>
      </Group>
    </>
  );
}

/** What deletes the thing an edit page edits: a mutation without variables. */
interface Deletion {
  mutate: (variables: undefined, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: Error | null;
}

interface DeleteSectionProps {
  title: string;
  description: string;
  /** The button's label, and the confirming one's. */
  buttonLabel: string;
  confirmLabel: string;
  /** The question, word for word from the spec. */
  question: string;
  /** What goes with it, under the question. */
  consequence: string;
  remove: Deletion;
  onDeleted: () => void;
}

/** The last section of an edit page: delete, once asked and confirmed. */
export function DeleteSection({
  title,
  description,
  buttonLabel,
  confirmLabel,
  question,
  consequence,
  remove,
  onDeleted,
}: DeleteSectionProps) {
  const [confirming, confirm] = useDisclosure(false);
  return (
    <SectionCard title={title} description={description}>
      <Group>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={18} aria-hidden />}
          onClick={() => {
            remove.reset();
            confirm.open();
          }}
        >
          {buttonLabel}
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={confirm.close}
        title={title}
        question={question}
        confirmLabel={confirmLabel}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
        loading={remove.isPending}
        error={remove.error}
      >
        <Text size="sm" c="gray.7">
          {consequence}
        </Text>
      </ConfirmModal>
    </SectionCard>
  );
}
