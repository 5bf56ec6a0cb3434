import {
  type AllergySeverity,
  type HealthProfile,
  type HealthProfileInput,
  healthProfileBody,
  type MedicationGiver,
} from '@campwise/contract/health-profiles';

// A type alias (not an interface) so it fits the form library's Record<string, unknown>.
export type HealthFormValues = {
  allergies: { name: string; severity: AllergySeverity | ''; reaction: string }[];
  medications: { name: string; dose: string; schedule: string; givenBy: MedicationGiver | '' }[];
  conditions: string[];
  dietaryNeeds: string[];
  doctorName: string;
  doctorPhone: string;
  insuranceProvider: string;
  insurancePolicyNumber: string;
  emergencyContacts: { name: string; relationship: string; phone: string }[];
  mediaConsent: 'yes' | 'no' | '';
};

export const emptyContact = { name: '', relationship: '', phone: '' };
export const emptyAllergy = { name: '', severity: '' as const, reaction: '' };
export const emptyMedication = { name: '', dose: '', schedule: '', givenBy: '' as const };

export function healthFormValues(profile: HealthProfile | null): HealthFormValues {
  if (!profile) {
    return {
      allergies: [],
      medications: [],
      conditions: [],
      dietaryNeeds: [],
      doctorName: '',
      doctorPhone: '',
      insuranceProvider: '',
      insurancePolicyNumber: '',
      emergencyContacts: [emptyContact],
      mediaConsent: '',
    };
  }
  return {
    allergies: profile.allergies.map((allergy) => ({ ...allergy, reaction: allergy.reaction ?? '' })),
    medications: profile.medications,
    conditions: profile.conditions,
    dietaryNeeds: profile.dietaryNeeds,
    doctorName: profile.doctor?.name ?? '',
    doctorPhone: profile.doctor?.phone ?? '',
    insuranceProvider: profile.insurance?.provider ?? '',
    insurancePolicyNumber: profile.insurance?.policyNumber ?? '',
    emergencyContacts: profile.emergencyContacts,
    mediaConsent: profile.mediaConsent ? 'yes' : 'no',
  };
}

/** Both blank: none; one filled in: both are asked for. */
const pair = <T>(first: string, second: string, make: () => T): T | null =>
  first.trim() === '' && second.trim() === '' ? null : make();

/** The body the server takes; blank choices stay blank so the schema names them. */
export function healthBody(values: HealthFormValues): HealthProfileInput {
  return {
    allergies: values.allergies as HealthProfileInput['allergies'],
    medications: values.medications as HealthProfileInput['medications'],
    conditions: values.conditions,
    dietaryNeeds: values.dietaryNeeds,
    doctor: pair(values.doctorName, values.doctorPhone, () => ({
      name: values.doctorName,
      phone: values.doctorPhone,
    })),
    insurance: pair(values.insuranceProvider, values.insurancePolicyNumber, () => ({
      provider: values.insuranceProvider,
      policyNumber: values.insurancePolicyNumber,
    })),
    emergencyContacts: values.emergencyContacts,
    mediaConsent: (values.mediaConsent === '' ? undefined : values.mediaConsent === 'yes') as boolean,
  };
}

/** The form's field for a path of the body (`doctor.phone` is the form's `doctorPhone`). */
export function formFieldOf(path: string): string {
  const renamed: Record<string, string> = {
    'doctor.name': 'doctorName',
    'doctor.phone': 'doctorPhone',
    'insurance.provider': 'insuranceProvider',
    'insurance.policyNumber': 'insurancePolicyNumber',
  };
  return renamed[path] ?? path;
}

/** Checks the form with the server's schema: each problem on its field. */
export function validateHealth(values: HealthFormValues): Record<string, string> {
  const result = healthProfileBody.safeParse(healthBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path.join('.'));
    errors[field] ??= issue.message;
  }
  return errors;
}
