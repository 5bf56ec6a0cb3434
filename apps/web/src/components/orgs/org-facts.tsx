import type { OrgDetails } from '@campwise/contract/orgs';
import { timeZoneLabel } from '@campwise/contract/time-zones';
import { Anchor, Text } from '@mantine/core';
import { IconClock, IconMail, IconPhone, IconUser, IconWorld } from '@tabler/icons-react';
import { BreakableText } from '../breakable-text.tsx';
import { Fact } from '../fact.tsx';
import { Columns } from '../page/columns.tsx';
import { WebsiteLink } from './org-details.tsx';

const notGiven = (
  <Text span c="gray.7" fs="italic">
    Not given
  </Text>
);

function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? <Anchor href={`tel:${phone}`}>{phone}</Anchor> : notGiven;
}

/**
 * How to reach an organization: its phone and website, and its contact person; for its host,
 * also the time zone its camps run on.
 */
export function OrgFacts({ org, timeZone }: { org: OrgDetails; timeZone?: string }) {
  return (
    <Columns cols={{ base: 1, sm: 2 }} spacing="md">
      <Fact icon={<IconPhone size={18} />} label="Phone">
        <PhoneLink phone={org.phone} />
      </Fact>
      <Fact icon={<IconWorld size={18} />} label="Website">
        {org.website ? <WebsiteLink url={org.website} /> : notGiven}
      </Fact>
      <Fact icon={<IconUser size={18} />} label="Contact name">
        {org.contactName ?? notGiven}
      </Fact>
      <Fact icon={<IconPhone size={18} />} label="Contact phone">
        <PhoneLink phone={org.contactPhone} />
      </Fact>
      <Fact icon={<IconMail size={18} />} label="Contact email">
        {org.contactEmail ? (
          <Anchor href={`mailto:${org.contactEmail}`}>
            <BreakableText value={org.contactEmail} />
          </Anchor>
        ) : (
          notGiven
        )}
      </Fact>
      {timeZone ? (
        <Fact icon={<IconClock size={18} />} label="Time zone">
          {timeZoneLabel(timeZone)}
        </Fact>
      ) : null}
    </Columns>
  );
}
