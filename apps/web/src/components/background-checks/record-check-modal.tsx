import {
  type BackgroundCheckInput,
  backgroundCheckSchema,
  CHECK_RESULT_LABELS,
  CHECK_RESULTS,
  type CheckResult,
  type ComplianceRow,
} from '@campwise/contract/background-checks';
import { messages } from '@campwise/contract/messages';
import {
  Button,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useRecordCheck } from '../../api/background-checks.ts';
import { AppModal } from '../app-modal.tsx';
import { FormProblem } from '../form-alert.tsx';
import { fieldErrors, schemaIssues } from '../forms/field-errors.ts';
import { checkFailed, type FieldProblems, useCheckedSubmit } from '../forms/use-checked-submit.ts';
import { notify } from '../teams/notify.ts';
import { memberName } from '../teams/team-text.ts';
import { checkRecordedText } from './check-text.ts';

const MAX_BYTES = 10 * 1024 * 1024;

type Field = keyof BackgroundCheckInput | 'document';
const FIELDS: readonly Field[] = ['checkedBy', 'checkedOn', 'result', 'expiresOn', 'document'];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

const labels = {
  checkedBy: 'Checked by',
  checkedOn: 'Checked on',
  result: 'Result',
  expiresOn: 'Expires on',
} as const;

const resultOptions = CHECK_RESULTS.map((result) => ({ value: result, label: CHECK_RESULT_LABELS[result] }));

interface Draft {
  checkedBy: string;
  checkedOn: string;
  result: CheckResult;
  expiresOn: string;
}

const blank = (today: string): Draft => ({ checkedBy: '', checkedOn: today, result: 'clear', expiresOn: '' });

/**
 * The owner records a member's background check (decision 058): who checked, when, the result
 * and its expiry, with the document if there is one; the upload's progress shows as it goes.
 */
export function RecordCheckModal({
  orgId,
  member,
  today,
  opened,
  onClose,
}: {
  orgId: number;
  member: ComplianceRow | null;
  /** The organization's own day: the date of the check to start from. */
  today: string;
  opened: boolean;
  onClose: () => void;
}) {
  const record = useRecordCheck(orgId);
  const [draft, setDraft] = useState<Draft>(() => blank(today));
  const [document, setDocument] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldProblems<Field>>({});
  const name = member ? memberName(member) : '';

  // Each opening starts afresh, for whichever member it is.
  useEffect(() => {
    if (!opened) return;
    setDraft(blank(today));
    setDocument(null);
    setErrors({});
    record.reset();
  }, [opened, today, record.reset]);

  const { onSubmit, banner, clearBanner, formRef } = useCheckedSubmit({
    check: () => {
      const found = fieldErrors(
        schemaIssues(backgroundCheckSchema, draft),
        draft,
        labels,
      ) as FieldProblems<Field>;
      if (document && document.size > MAX_BYTES) found.document = messages.formFileTooLarge;
      const parsed = backgroundCheckSchema.safeParse(draft);
      if (!parsed.success || found.document) return checkFailed(found);
      return { body: { check: parsed.data, document } };
    },
    showErrors: setErrors,
    send: ({ check, document: file }) =>
      record.mutateAsync({ userId: member?.userId ?? 0, check, document: file }),
    fieldOf: (field) => (isField(field) ? field : undefined),
    onSent: (row) => {
      notify('leaf', checkRecordedText(memberName(row)));
      onClose();
    },
  });

  const set = <Key extends keyof Draft>(key: Key, value: Draft[Key]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const close = () => {
    clearBanner();
    onClose();
  };

  return (
    <AppModal opened={opened} onClose={close} title="Record a background check" size="lg">
      <form onSubmit={onSubmit} noValidate ref={formRef} aria-label={`Background check of ${name}`}>
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            For <strong>{name}</strong>. The latest check counts: a new one does not remove the earlier ones.
          </Text>
          <FormProblem message={banner} />
          <TextInput
            label={labels.checkedBy}
            description="The agency or person who ran the check"
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            autoComplete="off"
            value={draft.checkedBy}
            onChange={(event) => set('checkedBy', event.currentTarget.value)}
            error={errors.checkedBy}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <TextInput
              type="date"
              label={labels.checkedOn}
              withAsterisk
              max={today}
              value={draft.checkedOn}
              onChange={(event) => set('checkedOn', event.currentTarget.value)}
              error={errors.checkedOn}
            />
            <Select
              label={labels.result}
              withAsterisk
              data={resultOptions}
              value={draft.result}
              allowDeselect={false}
              onChange={(value) => value && set('result', value as CheckResult)}
              error={errors.result}
            />
            <TextInput
              type="date"
              label={labels.expiresOn}
              withAsterisk
              min={draft.checkedOn || undefined}
              value={draft.expiresOn}
              onChange={(event) => set('expiresOn', event.currentTarget.value)}
              error={errors.expiresOn}
            />
          </SimpleGrid>
          <FileInput
            label="Document (optional)"
            description="A PDF or a JPEG, PNG or WebP image of the check, up to 10 MB. Only you can download it."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            accept="application/pdf,image/jpeg,image/png,image/webp"
            clearable
            value={document}
            onChange={(file) => {
              setDocument(file);
              setErrors((current) => ({ ...current, document: undefined }));
            }}
            error={errors.document}
            leftSection={<IconPaperclip size={16} aria-hidden />}
          />
          {record.progress !== null && document ? (
            <Progress value={record.progress * 100} aria-label="Upload progress" size="sm" animated />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="sun" loading={record.isPending}>
              Save check
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
