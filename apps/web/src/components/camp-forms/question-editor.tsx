import {
  isChoiceKind,
  QUESTION_KINDS,
  type Question,
  type QuestionKind,
  questionKindLabels,
} from '@campwise/contract/camp-forms';
import {
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { useChangeCampForms } from '../../api/camp-forms.ts';
import { ApiError } from '../../api/client.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';

/** Adds a question, or changes `question` when given. Choices are typed one per line. */
export function QuestionEditor({
  campId,
  question,
  opened,
  onClose,
}: {
  campId: number;
  question: Question | null;
  opened: boolean;
  onClose: () => void;
}) {
  const change = useChangeCampForms(campId);
  const [label, setLabel] = useState(question?.label ?? '');
  const [kind, setKind] = useState<QuestionKind>(question?.kind ?? 'short_text');
  const [options, setOptions] = useState((question?.options ?? []).join('\n'));
  const [required, setRequired] = useState(question?.required ?? true);
  const [per, setPer] = useState<'child' | 'family'>(question?.per ?? 'child');
  const fields = change.error instanceof ApiError ? (change.error.fields ?? {}) : {};

  const save = () => {
    const body = {
      label,
      kind,
      options: isChoiceKind(kind)
        ? options
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
        : [],
      required,
      per,
    };
    change.mutate(
      question ? { kind: 'updateQuestion', id: question.id, body } : { kind: 'addQuestion', body },
      { onSuccess: onClose },
    );
  };

  return (
    <AppModal
      opened={opened}
      onClose={() => !change.isPending && onClose()}
      title={question ? 'Edit question' : 'Add a question'}
    >
      <Stack gap="md">
        <TextInput
          label="Question"
          withAsterisk
          maxLength={200}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={fields.label}
          data-autofocus
        />
        <Select
          label="Kind of answer"
          data={QUESTION_KINDS.map((value) => ({ value, label: questionKindLabels[value] }))}
          value={kind}
          allowDeselect={false}
          onChange={(value) => value && setKind(value as QuestionKind)}
          error={fields.kind}
        />
        {isChoiceKind(kind) ? (
          <Textarea
            label="Choices"
            description="One per line, at least two."
            withAsterisk
            autosize
            minRows={3}
            value={options}
            onChange={(event) => setOptions(event.currentTarget.value)}
            error={fields.options}
          />
        ) : null}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Asked
          </Text>
          <SegmentedControl
            aria-label="Asked"
            value={per}
            onChange={(value) => setPer(value === 'family' ? 'family' : 'child')}
            data={[
              { value: 'child', label: 'For each camper' },
              { value: 'family', label: 'Once per family' },
            ]}
          />
        </Stack>
        <Checkbox
          label="Required: a place is confirmed only once it is answered"
          checked={required}
          onChange={(event) => setRequired(event.currentTarget.checked)}
        />
        <FormProblem
          message={change.error && Object.keys(fields).length === 0 ? change.error.message : null}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button onClick={save} loading={change.isPending}>
            {question ? 'Save question' : 'Add question'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
