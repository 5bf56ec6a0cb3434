/** Children's health profiles (docs/decisions/028). No message ever repeats what was typed. */
export const healthProfilesMessages = {
  healthEntryTooLong: 'Each entry can be at most 200 characters long.',
  healthListTooLong: 'That is more entries than a health profile can hold.',
  healthSeverityRequired: 'Please choose how severe the allergy is.',
  healthGiverRequired: 'Please choose who gives the medication.',
  healthEmergencyContactRequired: 'Please add at least one emergency contact.',
  healthEmergencyContactIsParent:
    'An emergency contact must be someone other than you: the camp calls them when it cannot reach you.',
  healthMediaConsentRequired: 'Please say whether the camp may use photos and videos of your child.',
  healthProfileSaved: "{name}'s health profile is saved.",
  healthProfileMissing: '{name} has no health profile yet. Please fill it in before registering.',
  healthProfileChanged: "{name}'s health profile changed since you reviewed it. Please review it again.",
  healthReviewRequired: "Please confirm that each camper's health profile is still correct.",
  noHealthProfile: 'No health profile yet',
} as const;
