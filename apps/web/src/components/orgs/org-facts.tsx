import type { OrgDetails } from '@campwise/contract/orgs';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { IconMail, IconPhone, IconUser, IconWorld } from '@tabler/icons-react';
import { BreakableText } from '../breakable-text.tsx';
import { Fact } from '../fact.tsx';
import { WebsiteLink } from './org-details.tsx';

const notGiven = (
  <Text span c="gray.7" fs="italic">
    Not given
  </Text>
);

function PhoneLink({ phone }: { phone: string | null }) {
  return phone ? <Anchor href={`tel:${phone}`}>{phone}</Anchor> : notGiven;
}

/** How to reach an organization: its phone and website, and its contact person. */
export function OrgFacts({ org }: { org: OrgDetails }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
    </SimpleGrid>
  );
}
