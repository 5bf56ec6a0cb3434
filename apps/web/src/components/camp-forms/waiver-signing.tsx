import type { ParentWaiver } from '@campwise/contract/camp-forms';
import { formatMomentDay } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconDownload, IconSignature } from '@tabler/icons-react';
import { useState } from 'react';
import { signedWaiverDownload, useSignWaiver } from '../../api/camp-forms.ts';
import { ApiError } from '../../api/client.ts';
import { useDownload } from '../../api/registrations.ts';

/**
 * One waiver to read and sign: the text in a scrolling box, then the parent's typed full name
 * and a consent box. Signed in its current version, it says when and offers the PDF.
 */
export function WaiverSigning({ campId, waiver }: { campId: number; waiver: ParentWaiver }) {
  const sign = useSignWaiver(campId);
  const download = useDownload();
  const [fullName, setFullName] = useState('');
  const [consent, setConsent] = useState(false);
  const fields = sign.error instanceof ApiError ? (sign.error.fields ?? {}) : {};
  const titleId = `waiver-${waiver.id}-title`;

  const submit = () => {
    sign.mutate({
      waiverId: waiver.id,
      body: { fullName, consent: consent as true, textHash: waiver.textHash },
    });
  };

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Title order={3} fz="h4" id={titleId}>
            {waiver.title}
          </Title>
          {waiver.signatureId !== null ? (
            <Badge color="leaf" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />}>
              Signed
            </Badge>
          ) : waiver.required ? (
            <Badge color="sun" variant="light">
              Required
            </Badge>
          ) : (
            <Badge color="leaf" variant="light">
              Optional
            </Badge>
          )}
        </Group>
        {waiver.changedSinceSigned ? (
          <Alert color="sun" variant="light" title="This waiver has changed">
            The camp updated this waiver after you signed it. Please read it again and sign the new version.
          </Alert>
        ) : null}
        {/* A framed box, so text cut off at its foot reads as more to scroll, not as the end. */}
        <Paper withBorder radius="sm" py="xs" pl="sm" pr={4}>
          <ScrollArea.Autosize mah={260} type="auto" offsetScrollbars aria-labelledby={titleId} tabIndex={0}>
            <Stack gap="xs" pr="xs">
              {waiver.text.split(/\n{2,}/).map((paragraph) => (
                <Text key={paragraph} size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {paragraph}
                </Text>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
        {waiver.signatureId !== null && waiver.signedAt ? (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="gray.7">
              You signed this on {formatMomentDay(waiver.signedAt)}.
            </Text>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={download.isPending}
              onClick={() => download.mutate(signedWaiverDownload('camper', waiver.signatureId ?? 0))}
            >
              Download signed PDF
            </Button>
          </Group>
        ) : (
          <Stack gap="sm">
            <TextInput
              label="Your full name"
              description="Typing your name here is your electronic signature."
              autoComplete="name"
              withAsterisk
              value={fullName}
              onChange={(event) => setFullName(event.currentTarget.value)}
              error={fields.fullName}
              maw={420}
            />
            <Checkbox
              label="I have read this waiver and agree to it."
              checked={consent}
              onChange={(event) => setConsent(event.currentTarget.checked)}
              error={fields.consent}
            />
            {sign.error && !fields.fullName && !fields.consent ? (
              <Alert color="red" variant="light" role="alert">
                {sign.error.message}
              </Alert>
            ) : null}
            <Group>
              <Button
                leftSection={<IconSignature size={18} aria-hidden />}
                loading={sign.isPending}
                onClick={submit}
              >
                Sign waiver
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The reason a booking cannot go ahead yet, for the checkout: a required waiver unsigned. */
export function unsignedWaiverProblem(waivers: readonly ParentWaiver[]): string | null {
  const unsigned = waivers.find((waiver) => waiver.required && waiver.signatureId === null);
  return unsigned ? messages.waiverUnsigned.replace('{title}', unsigned.title) : null;
}
