import { WAIVER_TEMPLATES, type Waiver } from '@campwise/contract/camp-forms';
import { Alert, Button, Checkbox, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useChangeCampForms } from '../../api/camp-forms.ts';
import { ApiError } from '../../api/client.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';

/** Writes a waiver, from scratch or from a template, or changes `waiver` when given. */
export function WaiverEditor({
  campId,
  campName,
  waiver,
  opened,
  onClose,
}: {
  campId: number;
  campName: string;
  waiver: Waiver | null;
  opened: boolean;
  onClose: () => void;
}) {
  const change = useChangeCampForms(campId);
  const [title, setTitle] = useState(waiver?.title ?? '');
  const [text, setText] = useState(waiver?.text ?? '');
  const [required, setRequired] = useState(waiver?.required ?? true);
  const fields = change.error instanceof ApiError ? (change.error.fields ?? {}) : {};

  const useTemplate = (key: string | null) => {
    const template = WAIVER_TEMPLATES.find((one) => one.key === key);
    if (!template) return;
    setTitle(template.title);
    setText(template.text.replaceAll('{camp}', campName));
  };
  const save = () => {
    const body = { title, text, required };
    change.mutate(waiver ? { kind: 'updateWaiver', id: waiver.id, body } : { kind: 'addWaiver', body }, {
      onSuccess: onClose,
    });
  };

  return (
    <AppModal
      opened={opened}
      onClose={() => !change.isPending && onClose()}
      title={waiver ? 'Edit waiver' : 'Add a waiver'}
    >
      <Stack gap="md">
        {waiver ? (
          <Alert color="sun" variant="light">
            Saving a change makes a new version: every family is asked to sign it again.
          </Alert>
        ) : (
          <Select
            label="Start from a template"
            placeholder="Write your own"
            clearable
            data={WAIVER_TEMPLATES.map((template) => ({ value: template.key, label: template.title }))}
            onChange={useTemplate}
          />
        )}
        <TextInput
          label="Title"
          withAsterisk
          maxLength={120}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={fields.title}
        />
        <Textarea
          label="Text"
          description="Families read exactly this before they sign. Leave a blank line between paragraphs."
          withAsterisk
          autosize
          minRows={8}
          maxRows={18}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={fields.text}
        />
        <Checkbox
          label="Required: a place is confirmed only once it is signed"
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
            {waiver ? 'Save new version' : 'Add waiver'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
