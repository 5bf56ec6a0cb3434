import { messages } from '@campwise/contract/messages';
import { describe, expect, it } from 'vitest';
import {
  emptyAllergy,
  formFieldOf,
  healthBody,
  healthFormValues,
  validateHealth,
} from '../src/components/health-profiles/health-form-values.ts';

const filled = {
  ...healthFormValues(null),
  emergencyContacts: [{ name: 'Grace Whitfield', relationship: 'Grandmother', phone: '312-555-0177' }],
  mediaConsent: 'no' as const,
};

describe('the health profile form', () => {
  it('starts with one empty emergency contact and no answer on media consent', () => {
    const values = healthFormValues(null);
    expect(values.emergencyContacts).toHaveLength(1);
    expect(values.mediaConsent).toBe('');
    expect(validateHealth(values)).toMatchObject({
      'emergencyContacts.0.name': messages.requiredFields,
      mediaConsent: messages.healthMediaConsentRequired,
    });
  });

  it('sends no doctor or insurance when both of their fields are blank, and asks for both when one is filled', () => {
    expect(healthBody(filled)).toMatchObject({ doctor: null, insurance: null, mediaConsent: false });
    expect(validateHealth(filled)).toEqual({});
    expect(validateHealth({ ...filled, doctorName: 'Dr. Ortiz' })).toEqual({
      doctorPhone: messages.invalidPhone,
    });
  });

  it('puts an allergy without a severity on its field', () => {
    expect(validateHealth({ ...filled, allergies: [{ ...emptyAllergy, name: 'Bees' }] })).toEqual({
      'allergies.0.severity': messages.healthSeverityRequired,
    });
  });

  it('maps the server names of doctor and insurance fields to the form', () => {
    expect(formFieldOf('insurance.policyNumber')).toBe('insurancePolicyNumber');
    expect(formFieldOf('emergencyContacts.0.name')).toBe('emergencyContacts.0.name');
  });
});
