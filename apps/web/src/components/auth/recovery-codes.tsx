import { messages } from '@campwise/contract/messages';
import { Alert, Button, Checkbox, CopyButton, Group, List, Stack } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';

/** The recovery codes, shown once: the person copies them and says they are kept before going on. */
export function RecoveryCodes({
  codes,
  continueLabel,
  onContinue,
}: {
  codes: string[];
  continueLabel: string;
  onContinue: () => void;
}) {
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="md">
      <Alert color="sun" variant="light" title="Your recovery codes">
        {messages.recoveryCodesNote}
      </Alert>
      <List
        aria-label="Recovery codes"
        listStyleType="none"
        spacing={4}
        ff="monospace"
        fz="lg"
        styles={{ root: { columns: 2, columnGap: 'var(--mantine-spacing-xl)' } }}
      >
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              onClick={copy}
              leftSection={copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Checkbox
        label="I have saved my recovery codes"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button disabled={!saved} onClick={onContinue}>
          {continueLabel}
        </Button>
      </Group>
    </Stack>
  );
}
