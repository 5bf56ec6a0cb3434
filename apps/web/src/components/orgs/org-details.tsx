import type { OrgDetails, OrgReviewField } from '@campwise/contract/orgs';
import { Anchor, Box, Card, Center, Flex, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BreakableText } from '../breakable-text.tsx';

export const orgFieldLabels: Record<OrgReviewField, string> = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'ZIP',
  phone: 'Phone',
  website: 'Website',
  bio: 'Bio',
  contactName: 'Contact name',
  contactPhone: 'Contact phone',
  contactEmail: 'Contact email',
};

/** Street, city, state and ZIP on one line. */
export function orgAddressLine(details: Pick<OrgDetails, 'address' | 'city' | 'state' | 'zip'>): string {
  return `${details.address}, ${details.city}, ${details.state} ${details.zip}`;
}

/** A website as people read it: without the scheme or a trailing slash. */
export function displayWebsite(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

export function WebsiteLink({ url }: { url: string }) {
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer">
      <BreakableText value={displayWebsite(url)} />
    </Anchor>
  );
}

const smallCaps = { letterSpacing: '0.08em' };

/** The small upper-case label over a value. */
export function SmallCapsLabel({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Text size="xs" fw={800} c="gray.7" tt="uppercase" style={smallCaps} id={id}>
      {children}
    </Text>
  );
}

/** A small-caps label over what it labels, which wraps anywhere rather than overflow. */
export function LabelledPart({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <SmallCapsLabel>{label}</SmallCapsLabel>
      <Box mt={4} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** A figure in a small card under its label (a roster's capacity, a check-in's count). */
export function FigureCard({ label, value }: { label: string; value: string | number }) {
  return (
    // The figure at the foot, level with its neighbours' when a label takes two lines.
    <Card padding="sm" h="100%" style={{ justifyContent: 'space-between' }}>
      <SmallCapsLabel>{label}</SmallCapsLabel>
      <Text fw={800} fz="h3">
        {value}
      </Text>
    </Card>
  );
}

/** The same label as the term of a description list. */
function FieldLabel({ children }: { children: ReactNode }) {
  return (
    <Text component="dt" size="xs" fw={800} c="gray.7" tt="uppercase" style={smallCaps}>
      {children}
    </Text>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <FieldLabel>{label}</FieldLabel>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

const none = (
  <Text span c="gray.7" fs="italic">
    Not given
  </Text>
);

/**
 * An organization's details read-only, grouped as the review screen names them: NAME, ADDRESS,
 * CONTACT and the Organization Bio.
 */
export function OrgDetailsView({ details }: { details: OrgDetails }) {
  return (
    <Stack gap="lg" component="dl" m={0}>
      <Item label="Name">{details.name}</Item>
      <Item label="Address">{orgAddressLine(details)}</Item>
      <Box>
        <FieldLabel>Contact</FieldLabel>
        <Box component="dd" m={0} mt={4}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="sm" component="dl" m={0}>
            <Item label="Organization phone">{details.phone}</Item>
            <Item label="Website">{details.website ? <WebsiteLink url={details.website} /> : none}</Item>
            <Item label="Contact point name">{details.contactName ?? none}</Item>
            <Item label="Contact point phone">{details.contactPhone ?? none}</Item>
            <Item label="Contact point email">
              {details.contactEmail ? <BreakableText value={details.contactEmail} /> : none}
            </Item>
          </SimpleGrid>
        </Box>
      </Box>
      <Item label="Organization Bio">
        <Text span style={{ whiteSpace: 'pre-line' }}>
          {details.bio ?? none}
        </Text>
      </Item>
    </Stack>
  );
}

export interface OrgChange {
  field: OrgReviewField;
  from: string | null;
  to: string | null;
}

/**
 * Whether two values read the same. A form posted as multipart sends its line breaks as CRLF
 * and one posted as JSON as LF, so a bio saved both ways must not count as changed.
 */
function sameText(a: string | null, b: string | null): boolean {
  const plain = (value: string | null) => (value ?? '').replace(/\r\n/g, '\n');
  return plain(a) === plain(b);
}

/** The changes that a reader can see (line endings alone are not a change). */
export function visibleChanges(changes: OrgChange[]): OrgChange[] {
  return changes.filter((change) => !sameText(change.from, change.to));
}

/** The fields whose values differ between two versions of an organization's details. */
export function diffOrgDetails(from: OrgDetails, to: OrgDetails): OrgChange[] {
  return visibleChanges(
    (Object.keys(orgFieldLabels) as OrgReviewField[]).map((field) => ({
      field,
      from: from[field],
      to: to[field],
    })),
  );
}

function ChangeValue({ value, label, tone }: { value: string | null; label: string; tone: 'old' | 'new' }) {
  return (
    <Box
      p="sm"
      bg={tone === 'old' ? 'gray.0' : 'leaf.0'}
      style={{ borderRadius: 'var(--mantine-radius-md)', flex: 1, minWidth: 0 }}
    >
      <Text size="xs" fw={700} c="gray.7">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
        {value ?? (
          <Text span c="gray.7" fs="italic">
            (empty)
          </Text>
        )}
      </Text>
    </Box>
  );
}

interface OrgChangeListProps {
  changes: OrgChange[];
  fromLabel?: string;
  toLabel?: string;
}

/** "What changed": each field with its value before and after. */
export function OrgChangeList({ changes, fromLabel = 'Before', toLabel = 'After' }: OrgChangeListProps) {
  return (
    <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {changes.map((change) => (
        <Box component="li" key={change.field}>
          <Text fw={700} mb={6}>
            {orgFieldLabels[change.field]}
          </Text>
          <Flex gap="xs" align="stretch" direction={{ base: 'column', sm: 'row' }}>
            <ChangeValue label={fromLabel} tone="old" value={change.from} />
            <Center visibleFrom="sm">
              <IconArrowRight size={18} aria-hidden />
            </Center>
            <ChangeValue label={toLabel} tone="new" value={change.to} />
          </Flex>
        </Box>
      ))}
    </Stack>
  );
}
