import { messages } from '@campwise/contract/messages';
import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFamilyCampForms, useSaveAnswers } from '../../api/camp-forms.ts';
import { ApiError } from '../../api/client.ts';
import {
  type AnswerDraft,
  AnswerFields,
  answersOf,
  draftOf,
} from '../../components/camp-forms/answer-fields.tsx';
import { WaiverSigning } from '../../components/camp-forms/waiver-signing.tsx';
import { PageFrame } from '../../components/page/page-frame.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { useRouteId } from '../../components/route-id.ts';
import { SectionCard } from '../../components/section-card.tsx';

/**
 * A camp's questions and waivers for a family that booked it (from My Registrations): answers
 * can change until the session starts; a changed waiver is signed again here.
 */
export default function CampFormsPage() {
  const campId = useRouteId();
  const [params] = useSearchParams();
  const query = useFamilyCampForms(campId);
  const save = useSaveAnswers(campId);
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  usePageTitle(query.data ? `${query.data.campName}: questions and waivers` : undefined);
  const parent = { to: '/camper/registrations', label: 'My registrations' };

  if (query.isPending) {
    return (
      <PageFrame title="Questions and waivers" parent={parent}>
        <Stack gap="md" aria-busy="true">
          <Skeleton height={160} radius="lg" />
          <Skeleton height={220} radius="lg" />
        </Stack>
      </PageFrame>
    );
  }
  if (query.error) {
    return (
      <PageFrame title="Questions and waivers" parent={parent}>
        <Alert color="red" variant="light" role="alert" title="We could not open the camp's questions">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{query.error.message}</Text>
            <Button variant="light" color="red" size="xs" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </PageFrame>
    );
  }
  const forms = query.data;
  const asked = Number(params.get('child'));
  const childIds = forms.children
    .filter((child) =>
      asked ? child.id === asked : forms.answers.some((answer) => answer.childId === child.id),
    )
    .map((child) => child.id);
  const current = draft ?? draftOf(forms);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const editable =
    forms.familyEditable || childIds.some((id) => forms.children.find((kid) => kid.id === id)?.editable);

  return (
    <PageFrame title={forms.campName} parent={parent} description="Questions and waivers">
      <Stack gap="lg">
        {forms.questions.length > 0 ? (
          <SectionCard
            title="Your answers"
            description={
              editable
                ? 'You can change these until the session starts.'
                : 'The session has started, so these answers can no longer be changed.'
            }
          >
            <AnswerFields
              forms={forms}
              childIds={childIds}
              draft={current}
              onChange={setDraft}
              errors={fields}
            />
            {save.error && Object.keys(fields).length === 0 ? (
              <Alert color="red" variant="light" role="alert">
                {save.error.message}
              </Alert>
            ) : null}
            {editable ? (
              <Group>
                <Button
                  loading={save.isPending}
                  onClick={() =>
                    save.mutate(
                      { childIds, answers: answersOf(forms, current, childIds) },
                      {
                        onSuccess: () => {
                          setDraft(null);
                          notifications.show({ color: 'leaf', message: messages.answersSaved });
                        },
                      },
                    )
                  }
                >
                  Save answers
                </Button>
              </Group>
            ) : null}
          </SectionCard>
        ) : null}
        {forms.waivers.length > 0 ? (
          <SectionCard
            title="Waivers"
            description="Each signature records your name, the time and the exact text you signed."
          >
            {forms.waivers.map((waiver) => (
              <WaiverSigning key={waiver.id} campId={campId} waiver={waiver} />
            ))}
          </SectionCard>
        ) : null}
        {forms.questions.length + forms.waivers.length === 0 ? (
          <Text c="gray.7">This camp asks no questions and has no waiver.</Text>
        ) : null}
      </Stack>
    </PageFrame>
  );
}
