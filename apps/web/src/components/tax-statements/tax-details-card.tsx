import { messages } from '@campwise/contract/messages';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReceiptTax } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useSaveTaxDetails, useTaxDetails } from '../../api/tax-statements.ts';

/**
 * The organisation's legal name and EIN for families' year-end statements (decision 077): its
 * owner records them once; until then, a reminder, as families paying with dependent-care FSA
 * money or claiming the care credit need them.
 */
export function TaxDetailsCard({ orgId }: { orgId: number }) {
  const details = useTaxDetails(orgId, true);
  const save = useSaveTaxDetails(orgId);
  const [editing, setEditing] = useState(false);
  const [legalName, setLegalName] = useState('');
  const [ein, setEin] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});

  const recorded = details.data?.einMasked ? details.data : null;
  const open = () => {
    setLegalName(details.data?.legalName ?? '');
    setEin('');
    setProblems({});
    setEditing(true);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { legalName, ein },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({
            color: 'leaf',
            message: 'Tax details saved. Families’ statements now carry them.',
          });
        },
        onError: (error) =>
          setProblems(error instanceof ApiError && error.fields ? error.fields : { form: error.message }),
      },
    );
  };

  return (
    <Card p={{ base: 'lg', sm: 'xl' }} component="section" aria-labelledby="tax-details-title">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <IconReceiptTax size={24} aria-hidden />
          <Title order={2} fz="h3" id="tax-details-title">
            Tax details for families’ statements
          </Title>
        </Group>
        {details.isPending ? (
          <Skeleton height={48} radius="md" />
        ) : recorded && !editing ? (
          <Group justify="space-between" align="flex-end">
            <Stack gap={2}>
              <Text fw={600}>{recorded.legalName}</Text>
              <Text c="gray.7">EIN {recorded.einMasked}</Text>
            </Stack>
            <Button variant="default" onClick={open}>
              Change
            </Button>
          </Group>
        ) : null}
        {!details.isPending && !recorded && !editing ? (
          <Alert color="sun" variant="light" title="Add your EIN before the season">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                Families paying with dependent-care FSA money or claiming the Child and Dependent Care Credit
                need your legal name and EIN on their year-end statement.
              </Text>
              <Button size="xs" color="sun" onClick={open}>
                Add tax details
              </Button>
            </Stack>
          </Alert>
        ) : null}
        {editing ? (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Legal name"
                description="As on your IRS letter"
                value={legalName}
                onChange={(event) => setLegalName(event.currentTarget.value)}
                error={problems.legalName}
                required
              />
              <TextInput
                label="EIN"
                description="Nine digits, like 12-3456789; kept encrypted and shown only on families’ statements"
                value={ein}
                onChange={(event) => setEin(event.currentTarget.value)}
                error={problems.ein}
                inputMode="numeric"
                autoComplete="off"
                required
              />
              {problems.form ? (
                <Text c="red.8" size="sm" role="alert">
                  {problems.form}
                </Text>
              ) : null}
              <Group gap="sm">
                <Button type="submit" loading={save.isPending}>
                  Save tax details
                </Button>
                <Button variant="default" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
        {details.error ? (
          <Text c="red.8" size="sm" role="alert">
            {details.error.message || messages.tryAgain}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
