import {
  type AnswerInput,
  type AnswerValue,
  answerField,
  type ParentCampForms,
  type Question,
} from '@campwise/contract/camp-forms';
import {
  Anchor,
  Checkbox,
  FileInput,
  Group,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { formFileDownload, useUploadFormFile } from '../../api/camp-forms.ts';
import { useDownload } from '../../api/registrations.ts';
import { ChildAnswers } from './child-answers.tsx';

/** Answers being edited, by `answerField` key; file answers also keep the file's name to show. */
export interface AnswerDraft {
  values: Record<string, AnswerValue>;
  fileNames: Record<string, string>;
}

/** The draft a form starts from: what the family answered before. */
export function draftOf(forms: ParentCampForms): AnswerDraft {
  const draft: AnswerDraft = { values: {}, fileNames: {} };
  for (const answer of forms.answers) {
    const key = answerField(answer.questionId, answer.childId);
    draft.values[key] = answer.value;
    if (answer.file) draft.fileNames[key] = answer.file.name;
  }
  return draft;
}

/** The answers to send for the family and these children. */
export function answersOf(
  forms: ParentCampForms,
  draft: AnswerDraft,
  childIds: readonly number[],
): AnswerInput[] {
  return forms.questions.flatMap((question) =>
    (question.per === 'family' ? [null] : childIds).flatMap((childId) => {
      const value = draft.values[answerField(question.id, childId)];
      return value === undefined ? [] : [{ questionId: question.id, childId, value }];
    }),
  );
}

function FileAnswer({
  campId,
  label,
  required,
  error,
  fileName,
  fileId,
  disabled,
  onChange,
}: {
  campId: number;
  label: string;
  required: boolean;
  error: string | undefined;
  fileName: string | undefined;
  fileId: number | undefined;
  disabled: boolean;
  onChange: (value: number, name: string) => void;
}) {
  const upload = useUploadFormFile(campId);
  const download = useDownload();
  const [picked, setPicked] = useState<File | null>(null);
  return (
    <Stack gap={4}>
      <FileInput
        label={label}
        withAsterisk={required}
        accept="application/pdf,image/jpeg,image/png,image/webp"
        placeholder={fileName ?? 'Choose a PDF or an image'}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={picked}
        disabled={disabled || upload.isPending}
        description="A PDF document or a JPEG, PNG or WebP image, up to 10 MB."
        error={upload.error?.message ?? error}
        onChange={(file) => {
          setPicked(file);
          if (!file) return;
          upload.mutate(file, { onSuccess: (saved) => onChange(saved.id, saved.name) });
        }}
      />
      {upload.isPending ? (
        <Text size="xs" c="gray.7" role="status">
          Uploading…
        </Text>
      ) : fileName && fileId !== undefined ? (
        <Text size="xs" c="gray.7">
          Saved file:{' '}
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => download.mutate(formFileDownload('camper', fileId, fileName))}
          >
            {fileName}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}

function QuestionInput({
  campId,
  question,
  field,
  draft,
  error,
  disabled,
  onChange,
}: {
  campId: number;
  question: Question;
  field: string;
  draft: AnswerDraft;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: AnswerValue, fileName?: string) => void;
}) {
  const value = draft.values[field];
  const common = { label: question.label, withAsterisk: question.required, error, disabled };
  switch (question.kind) {
    case 'short_text':
      return (
        <TextInput
          {...common}
          maxLength={200}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'long_text':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxLength={4000}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'one_choice':
      return (
        <Select
          {...common}
          data={question.options}
          placeholder="Choose one"
          clearable={!question.required}
          value={typeof value === 'string' && value !== '' ? value : null}
          onChange={(choice) => onChange(choice ?? '')}
        />
      );
    case 'many_choices':
      return (
        <Checkbox.Group
          label={question.label}
          withAsterisk={question.required}
          error={error}
          value={Array.isArray(value) ? value : []}
          onChange={(choices) => onChange(choices)}
        >
          <Group gap="md" mt={6}>
            {question.options.map((option) => (
              <Checkbox key={option} value={option} label={option} disabled={disabled} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case 'yes_no':
      return (
        <Radio.Group
          label={question.label}
          withAsterisk={question.required}
          error={error}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(choice) => onChange(choice === 'yes')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label="Yes" disabled={disabled} />
            <Radio value="no" label="No" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          style={{ maxWidth: 260 }}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'file':
      return (
        <FileAnswer
          campId={campId}
          label={question.label}
          required={question.required}
          error={error}
          disabled={disabled}
          fileName={draft.fileNames[field]}
          fileId={typeof value === 'number' ? value : undefined}
          onChange={(id, name) => onChange(id, name)}
        />
      );
  }
}

/**
 * The camp's questions: the family's once, then each child's under their name. Problems the
 * server reported are shown at their question.
 */
export function AnswerFields({
  forms,
  childIds,
  draft,
  onChange,
  errors,
  foldAnswered = false,
}: {
  forms: ParentCampForms;
  childIds: readonly number[];
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
  errors: Record<string, string>;
  /** In the checkout, a child whose answers are all given starts folded; on the forms page, open. */
  foldAnswered?: boolean;
}) {
  const family = forms.questions.filter((question) => question.per === 'family');
  const perChild = forms.questions.filter((question) => question.per === 'child');
  const set = (field: string) => (value: AnswerValue, fileName?: string) =>
    onChange({
      values: { ...draft.values, [field]: value },
      fileNames: fileName === undefined ? draft.fileNames : { ...draft.fileNames, [field]: fileName },
    });
  const input = (question: Question, childId: number | null, disabled: boolean) => {
    const field = answerField(question.id, childId);
    return (
      <QuestionInput
        key={field}
        campId={forms.campId}
        question={question}
        field={field}
        draft={draft}
        error={errors[field]}
        disabled={disabled}
        onChange={set(field)}
      />
    );
  };
  return (
    <Stack gap="lg">
      {family.length > 0 ? (
        <Stack gap="sm">
          <Title order={3} fz="h5">
            For your family
          </Title>
          {family.map((question) => input(question, null, !forms.familyEditable))}
        </Stack>
      ) : null}
      {perChild.length > 0
        ? childIds.map((childId) => {
            const child = forms.children.find((kid) => kid.id === childId);
            if (!child) return null;
            return (
              <ChildAnswers
                key={childId}
                child={child}
                questions={perChild}
                draft={draft}
                errors={errors}
                folded={foldAnswered}
              >
                {perChild.map((question) => input(question, childId, !child.editable))}
              </ChildAnswers>
            );
          })
        : null}
    </Stack>
  );
}
