import { type RosterEntryForms, type RosterForms, waiverStatusLabels } from '@campwise/contract/camp-forms';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formFileDownload, signedWaiverDownload } from '../../api/camp-forms.ts';
import { useDownload } from '../../api/registrations.ts';

export const hasRosterForms = (forms: RosterForms) => forms.questions.length + forms.waivers.length > 0;

/** A roster row's answers, one per line, and the family's waivers with their signed PDFs. */
export function RosterEntryFormsView({ columns, forms }: { columns: RosterForms; forms: RosterEntryForms }) {
  const download = useDownload();
  return (
    <Stack gap={4}>
      {columns.questions.map((question) => {
        const answer = forms.answers.find((one) => one.questionId === question.id);
        return (
          <Text key={question.id} size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span c="gray.7" size="sm">
              {question.label}:{' '}
            </Text>
            {answer?.fileId ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => download.mutate(formFileDownload('host', answer.fileId ?? 0, answer.text))}
              >
                {answer.text}
              </Anchor>
            ) : (
              (answer?.text ?? '—')
            )}
          </Text>
        );
      })}
      {columns.waivers.map((waiver) => {
        const status = forms.waivers.find((one) => one.waiverId === waiver.id);
        const state = status?.status ?? 'unsigned';
        return (
          <Group key={waiver.id} gap={6} wrap="wrap">
            <Badge size="sm" variant="light" color={state === 'signed' ? 'leaf' : 'sun'}>
              {waiver.title}: {waiverStatusLabels[state]}
            </Badge>
            {status?.signatureId ? (
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() => download.mutate(signedWaiverDownload('host', status.signatureId ?? 0))}
              >
                PDF
              </Anchor>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
