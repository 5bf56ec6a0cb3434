import { type RosterEntryForms, type RosterForms, waiverStatusLabels } from '@campwise/contract/camp-forms';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { formFileDownload, signedWaiverDownload } from '../../api/camp-forms.ts';
import { useDownload } from '../../api/registrations.ts';

/** Beside the first line of its text, and never squeezed. */
const ICON_STYLE = { flexShrink: 0, marginTop: 2 };

export const hasRosterForms = (forms: RosterForms) => forms.questions.length + forms.waivers.length > 0;

/**
 * A roster row's answers, one per line, and the family's waivers with their signed PDFs. A waiver
 * reads like an answer ("Title: Signed"), so a long title wraps instead of hiding the status.
 */
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
          <Group key={waiver.id} gap={6} wrap="nowrap" align="flex-start">
            {state === 'signed' ? (
              <IconCircleCheck size={16} color="var(--mantine-color-leaf-7)" style={ICON_STYLE} aria-hidden />
            ) : (
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-sun-7)"
                style={ICON_STYLE}
                aria-hidden
              />
            )}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Text span c="gray.7" size="sm">
                {waiver.title}:{' '}
              </Text>
              <Text span size="sm" fw={700}>
                {waiverStatusLabels[state]}
              </Text>
              {status?.signatureId ? (
                <>
                  {' · '}
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    aria-label={`Signed PDF of ${waiver.title}`}
                    onClick={() => download.mutate(signedWaiverDownload('host', status.signatureId ?? 0))}
                  >
                    PDF
                  </Anchor>
                </>
              ) : null}
            </Text>
          </Group>
        );
      })}
    </Stack>
  );
}
