import { type Question, questionKindLabels, type Waiver } from '@campwise/contract/camp-forms';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useChangeCampForms, useHostCampForms } from '../../api/camp-forms.ts';
import { SectionCard } from '../section-card.tsx';
import { QuestionEditor } from './question-editor.tsx';
import { WaiverEditor } from './waiver-editor.tsx';

type Editing =
  | { kind: 'question'; question: Question | null }
  | { kind: 'waiver'; waiver: Waiver | null }
  | null;

function Row({
  title,
  badges,
  onEdit,
  onRemove,
  removing,
}: {
  title: string;
  badges: string[];
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Text>
          <Group gap={6}>
            {badges.map((badge) => (
              <Badge key={badge} variant="light" color="leaf" size="sm">
                {badge}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={`Edit ${title}`}>
            <ActionIcon variant="subtle" aria-label={`Edit ${title}`} onClick={onEdit}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={`Remove ${title}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${title}`}
              onClick={onRemove}
              loading={removing}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * The camp's questions and waivers on its edit screen (decision 029): what families answer and
 * sign in the checkout before a place is confirmed.
 */
export function HostFormsSection({ campId, campName }: { campId: number; campName: string }) {
  const query = useHostCampForms(campId);
  const remove = useChangeCampForms(campId);
  const [editing, setEditing] = useState<Editing>(null);
  const [removingKey, setRemovingKey] = useState<string | null>(null);
  const close = () => setEditing(null);
  const removeItem = (key: string, change: Parameters<typeof remove.mutate>[0]) => {
    setRemovingKey(key);
    remove.mutate(change, { onSettled: () => setRemovingKey(null) });
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={56} radius="md" />
        <Skeleton height={56} radius="md" />
      </Stack>
    );
  } else if (query.error) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between">
          <Text size="sm">We could not load the questions and waivers.</Text>
          <Button size="compact-sm" variant="light" color="red" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  } else {
    const { questions, waivers } = query.data;
    body = (
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={700}>Questions</Text>
          {questions.length === 0 ? (
            <Text size="sm" c="gray.7">
              No questions yet. Ask for a T-shirt size, a swim level, a doctor's note…
            </Text>
          ) : (
            questions.map((question) => (
              <Row
                key={question.id}
                title={question.label}
                badges={[
                  questionKindLabels[question.kind],
                  question.per === 'child' ? 'Each camper' : 'Once per family',
                  question.required ? 'Required' : 'Optional',
                ]}
                onEdit={() => setEditing({ kind: 'question', question })}
                onRemove={() => removeItem(`q${question.id}`, { kind: 'deleteQuestion', id: question.id })}
                removing={removingKey === `q${question.id}`}
              />
            ))
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ kind: 'question', question: null })}
            >
              Add a question
            </Button>
          </Group>
        </Stack>
        <Stack gap="xs">
          <Text fw={700}>Waivers</Text>
          {waivers.length === 0 ? (
            <Text size="sm" c="gray.7">
              No waiver yet. Write your own or start from a template.
            </Text>
          ) : (
            waivers.map((waiver) => (
              <Row
                key={waiver.id}
                title={waiver.title}
                badges={[waiver.required ? 'Required' : 'Optional', `Version ${waiver.textHash.slice(0, 8)}`]}
                onEdit={() => setEditing({ kind: 'waiver', waiver })}
                onRemove={() => removeItem(`w${waiver.id}`, { kind: 'deleteWaiver', id: waiver.id })}
                removing={removingKey === `w${waiver.id}`}
              />
            ))
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing({ kind: 'waiver', waiver: null })}
            >
              Add a waiver
            </Button>
          </Group>
        </Stack>
        {remove.error ? (
          <Alert color="red" variant="light" role="alert">
            {remove.error.message}
          </Alert>
        ) : null}
      </Stack>
    );
  }

  return (
    <SectionCard
      title="Questions and waivers"
      description="Families answer these and sign the waivers when they book. A place is confirmed only once everything required is done."
    >
      {body}
      {editing?.kind === 'question' ? (
        <QuestionEditor campId={campId} question={editing.question} opened onClose={close} />
      ) : null}
      {editing?.kind === 'waiver' ? (
        <WaiverEditor campId={campId} campName={campName} waiver={editing.waiver} opened onClose={close} />
      ) : null}
    </SectionCard>
  );
}
