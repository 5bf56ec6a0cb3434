import { camperRegisterForm, changePasswordForm } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  isBlank,
  missesRequiredField,
  placeServerProblems,
  requiredMessage,
  schemaIssues,
  validateWith,
} from '../src/components/forms/field-errors.ts';

const registerLabels = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  password: 'Password',
  confirmPassword: 'Confirm Password',
};
const emptyRegistration = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

describe('requiredMessage', () => {
  it('names the field', () => {
    expect(requiredMessage('First Name')).toBe('First Name is required');
    // The spec's own words for an empty e-mail on the reset screen come out the same.
    expect(requiredMessage('Email')).toBe(messages.emailRequired);
  });
});

describe('isBlank', () => {
  it.each([undefined, null, '', '   ', '\t\n', []])('%j is blank', (value) => {
    expect(isBlank(value)).toBe(true);
  });
  it.each(['a', ' a ', 0, 1, false, [1], {}])('%j is not blank', (value) => {
    expect(isBlank(value)).toBe(false);
  });
});

describe('fieldErrors', () => {
  it('says an empty field is required, not what its format should be', () => {
    const validate = validateWith<typeof emptyRegistration>(camperRegisterForm, registerLabels);
    expect(validate(emptyRegistration)).toEqual({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
      password: 'Password is required',
      confirmPassword: 'Confirm Password is required',
    });
  });

  it('keeps the schema message, which says what to fix, for what was typed', () => {
    const validate = validateWith<typeof emptyRegistration>(camperRegisterForm, registerLabels);
    const errors = validate({
      firstName: 'Casey',
      lastName: 'Fielding',
      email: 'casey@example',
      phone: '555',
      password: 'short',
      confirmPassword: 'shorter',
    });
    expect(errors).toEqual({
      email: messages.invalidEmail,
      phone: messages.invalidPhone,
      password: messages.passwordTooShort,
      confirmPassword: messages.passwordsMustMatch,
    });
  });

  it('gives each field one message, the first the schema found', () => {
    const errors = fieldErrors(
      [
        { field: 'name', message: 'first' },
        { field: 'name', message: 'second' },
      ],
      { name: 'x' },
      { name: 'Name' },
    );
    expect(errors).toEqual({ name: 'first' });
  });

  it("uses a form's own words for an empty field where it has them", () => {
    const errors = fieldErrors(
      [{ field: 'categories', message: messages.campRequiredFields }],
      { categories: [] },
      { categories: 'Categories' },
      { categories: messages.campCategoryRequired },
    );
    expect(errors).toEqual({ categories: messages.campCategoryRequired });
  });

  it('never repeats the banner sentence beside a field', () => {
    fc.assert(
      fc.property(
        fc.record({
          currentPassword: fc.constantFrom('', 'old-password'),
          password: fc.constantFrom('', 'new-password'),
          confirmPassword: fc.constantFrom('', 'new-password', 'other'),
        }),
        (values) => {
          const labels = {
            currentPassword: 'Current Password',
            password: 'New Password',
            confirmPassword: 'Confirm New Password',
          };
          const errors = fieldErrors(schemaIssues(changePasswordForm, values), values, labels);
          expect(Object.values(errors)).not.toContain(messages.passwordFieldsRequired);
          for (const [field, label] of Object.entries(labels)) {
            const empty = isBlank(values[field as keyof typeof values]);
            if (empty) expect(errors[field]).toBe(requiredMessage(label));
          }
          expect(missesRequiredField(errors, labels)).toBe(Object.values(values).some(isBlank));
        },
      ),
    );
  });
});

describe('placeServerProblems', () => {
  const fieldOf = (name: string) => (name === 'code' || name === 'value' ? name : undefined);
  const aboutCode = (message: string) => (message === 'Taken' ? ('code' as const) : undefined);

  it('puts each named field beside its input, ignoring fields the form does not have', () => {
    expect(placeServerProblems('Bad', { code: 'Too short', other: 'x' }, fieldOf)).toEqual({
      fields: { code: 'Too short' },
      banner: null,
    });
  });

  it('puts a message about one field beside it, and anything else above the form', () => {
    expect(placeServerProblems('Taken', undefined, fieldOf, aboutCode)).toEqual({
      fields: { code: 'Taken' },
      banner: null,
    });
    expect(placeServerProblems('Try again', {}, fieldOf, aboutCode)).toEqual({
      fields: {},
      banner: 'Try again',
    });
  });
});
