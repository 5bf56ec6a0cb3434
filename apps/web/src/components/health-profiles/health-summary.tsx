import {
  type AllergyBadge,
  type AllergySeverity,
  allergyBadges,
  allergySeverityLabels,
  type HealthProfile,
  medicationGiverLabels,
} from '@campwise/contract/health-profiles';
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabelledPart } from '../orgs/org-details.tsx';

type HealthData = Omit<HealthProfile, 'childId' | 'version' | 'updatedAt' | 'otherNotes'>;

const severityColors: Record<AllergySeverity, string> = {
  mild: 'gray',
  moderate: 'sun',
  severe: 'red',
  life_threatening: 'red',
};

/** Allergy badges, the most severe first; the severity is in the text, not only in the colour. */
export function AllergyBadges({ allergies }: { allergies: AllergyBadge[] }) {
  if (allergies.length === 0) return null;
  return (
    <Group gap={6} wrap="wrap">
      {allergyBadges(allergies).map((allergy) => (
        <Badge
          key={allergy.name}
          color={severityColors[allergy.severity]}
          variant={allergy.severity === 'life_threatening' ? 'filled' : 'light'}
          radius="sm"
          h="auto"
          py={2}
          maw="100%"
          style={{ textTransform: 'none' }}
          // A narrow column (the roster's) wraps the badge rather than cut off its severity.
          styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
        >
          {allergy.name} · {allergySeverityLabels[allergy.severity]}
        </Badge>
      ))}
    </Group>
  );
}

const none = (
  <Text span size="sm" c="gray.7" fs="italic">
    None
  </Text>
);

/** The whole profile, read-only: for the parent's page, the checkout review and the host's roster. */
export function HealthSummary({ profile, otherNotes }: { profile: HealthData; otherNotes?: string | null }) {
  return (
    <Stack gap="md">
      <LabelledPart label="Allergies">
        {profile.allergies.length === 0 ? (
          none
        ) : (
          <Stack gap={6}>
            <AllergyBadges allergies={profile.allergies} />
            {profile.allergies
              .filter((allergy) => allergy.reaction)
              .map((allergy) => (
                <Text key={allergy.name} size="sm">
                  {allergy.name}: {allergy.reaction}
                </Text>
              ))}
          </Stack>
        )}
      </LabelledPart>
      <LabelledPart label="Medications">
        {profile.medications.length === 0 ? (
          none
        ) : (
          <Stack gap={4}>
            {profile.medications.map((medication) => (
              <Text key={medication.name} size="sm">
                <Text span fw={600} inherit>
                  {medication.name}
                </Text>{' '}
                · {medication.dose} · {medication.schedule} · given by{' '}
                {medicationGiverLabels[medication.givenBy].toLowerCase()}
              </Text>
            ))}
          </Stack>
        )}
      </LabelledPart>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LabelledPart label="Conditions">
          {profile.conditions.length === 0 ? none : <Text size="sm">{profile.conditions.join(', ')}</Text>}
        </LabelledPart>
        <LabelledPart label="Dietary needs">
          {profile.dietaryNeeds.length === 0 ? (
            none
          ) : (
            <Text size="sm">{profile.dietaryNeeds.join(', ')}</Text>
          )}
        </LabelledPart>
        <LabelledPart label="Doctor">
          {profile.doctor ? (
            <Text size="sm">
              {profile.doctor.name} · {profile.doctor.phone}
            </Text>
          ) : (
            none
          )}
        </LabelledPart>
        <LabelledPart label="Insurance">
          {profile.insurance ? (
            <Text size="sm">
              {profile.insurance.provider} · {profile.insurance.policyNumber}
            </Text>
          ) : (
            none
          )}
        </LabelledPart>
      </SimpleGrid>
      <LabelledPart label="Emergency contacts">
        <Stack gap={4}>
          {profile.emergencyContacts.map((contact) => (
            <Text key={`${contact.name}-${contact.phone}`} size="sm">
              <Text span fw={600} inherit>
                {contact.name}
              </Text>{' '}
              ({contact.relationship}) · {contact.phone}
            </Text>
          ))}
        </Stack>
      </LabelledPart>
      <LabelledPart label="Photos and videos">
        <Text size="sm">{profile.mediaConsent ? 'The camp may use them' : 'Not to be used'}</Text>
      </LabelledPart>
      {otherNotes ? (
        <LabelledPart label="Other notes">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {otherNotes}
          </Text>
        </LabelledPart>
      ) : null}
    </Stack>
  );
}
