import type { Compliance, ComplianceRow } from '@campwise/contract/background-checks';
import { formatDate } from '@campwise/contract/format';
import { Anchor, Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { checkDocumentDownload, useCompliance } from '../../api/background-checks.ts';
import { useDownload } from '../../api/registrations.ts';
import { LoadingSkeleton } from '../page/page-state.tsx';
import { QueryState } from '../page/query-state.tsx';
import { SectionCard } from '../section-card.tsx';
import { ListRow } from '../teams/list-row.tsx';
import { notify } from '../teams/notify.ts';
import { RoleBadge } from '../teams/role-badge.tsx';
import { memberName, orderMembers } from '../teams/team-text.ts';
import { complianceSummaryParts } from './check-text.ts';
import { ComplianceBadge } from './compliance-badge.tsx';
import { RecordCheckModal } from './record-check-modal.tsx';

function CheckFacts({ row, today }: { row: ComplianceRow; today: string }) {
  const download = useDownload();
  const { check } = row;
  if (!check) {
    return (
      <Text size="sm" c="gray.7">
        No background check recorded yet.
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Checked by {check.checkedBy} on {formatDate(check.checkedOn)}
      </Text>
      <Text size="sm" c={check.expiresOn < today ? 'red.8' : 'gray.7'}>
        {check.expiresOn < today ? 'Expired on' : 'Expires on'} {formatDate(check.expiresOn)}
      </Text>
      {check.hasDocument ? (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={600}
          w="fit-content"
          onClick={() =>
            download.mutate(checkDocumentDownload(check), {
              onError: (error) => notify('red', error.message),
            })
          }
          aria-label={`Download the background check document of ${memberName(row)}`}
        >
          <Group gap={4} wrap="nowrap" component="span">
            <IconDownload size={16} aria-hidden />
            {download.isPending ? 'Downloading…' : 'Download document'}
          </Group>
        </Anchor>
      ) : null}
    </Stack>
  );
}

function ComplianceItem({
  row,
  today,
  onRecord,
}: {
  row: ComplianceRow;
  today: string;
  onRecord: (row: ComplianceRow) => void;
}) {
  const name = memberName(row);
  const nameId = `check-member-${row.userId}`;
  return (
    <ListRow
      nameId={nameId}
      title={name}
      badges={<RoleBadge role={row.role} size="sm" />}
      actions={
        <Button
          variant="light"
          leftSection={<IconShieldCheck size={18} aria-hidden />}
          onClick={() => onRecord(row)}
          aria-label={`Record a check for ${name}`}
        >
          Record check
        </Button>
      }
    >
      <Box>
        <ComplianceBadge status={row.status} />
      </Box>
      <CheckFacts row={row} today={today} />
    </ListRow>
  );
}

function ComplianceList({ compliance }: { compliance: Compliance }) {
  // The member stays set while the dialog closes, so its words do not change as it fades.
  const [recording, setRecording] = useState<ComplianceRow | null>(null);
  const [opened, { open, close }] = useDisclosure(false);
  const rows = orderMembers(compliance.members);
  return (
    <Stack gap="xs">
      <Text fw={600} role="status" aria-live="polite">
        {complianceSummaryParts(rows).map((part, index) => (
          // Each count stays on one line; a narrow screen breaks between them.
          <Fragment key={part}>
            {index > 0 ? ' · ' : null}
            <Text span inherit style={{ whiteSpace: 'nowrap' }}>
              {part}
            </Text>
          </Fragment>
        ))}
      </Text>
      <Box component="ul" m={0} p={0} aria-label="Background checks of the team">
        {rows.map((row) => (
          <ComplianceItem
            key={row.userId}
            row={row}
            today={compliance.today}
            onRecord={(chosen) => {
              setRecording(chosen);
              open();
            }}
          />
        ))}
      </Box>
      <RecordCheckModal
        orgId={compliance.orgId}
        member={recording}
        today={compliance.today}
        opened={opened}
        onClose={close}
      />
    </Stack>
  );
}

/**
 * The owner's compliance view (decision 058): where each member stands with their background
 * check today, who checked and until when, the document, and a way to record a new check.
 */
export function BackgroundChecksSection({ orgId }: { orgId: number }) {
  const compliance = useCompliance(orgId);
  return (
    <SectionCard
      title="Background checks"
      headingId="team-checks-heading"
      description="Staff can work a session with children only with a clear check. The latest check of each person counts; you are told 30 and 7 days before one expires."
      gap="sm"
    >
      <QueryState
        query={compliance}
        skeleton={
          <LoadingSkeleton label="Loading the background checks" gap="sm">
            <Skeleton height={20} width="60%" />
            <Skeleton height={88} />
            <Skeleton height={88} />
          </LoadingSkeleton>
        }
        errorMessage="We could not load the background checks."
        empty={
          <Text size="sm" c="gray.7">
            Nobody is on the team yet.
          </Text>
        }
        isEmpty={(data) => data.members.length === 0}
      >
        {(data) => <ComplianceList compliance={data} />}
      </QueryState>
    </SectionCard>
  );
}
