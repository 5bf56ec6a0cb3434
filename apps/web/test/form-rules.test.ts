import { accountDetailsForm } from '@campwise/contract/accounts';
import { campUpdateBody, newCampBody } from '@campwise/contract/camps';
import { messages } from '@campwise/contract/messages';
import { describe, expect, it } from 'vitest';
import { checkCamp, emptyCamp, serverProblems } from '../src/components/camps/camp-form.ts';
import { checkCard, serverCardProblems } from '../src/components/cards/card-problems.ts';
import { validateWith } from '../src/components/forms/field-errors.ts';

describe('New Camp', () => {
  it('says its banner once, above the form, and what each empty field needs beside it', () => {
    const problems = checkCamp(newCampBody, emptyCamp, messages.campRequiredFields);
    expect(problems?.banner).toBe(messages.campRequiredFields);
    expect(Object.values(problems?.fields ?? {})).not.toContain(messages.campRequiredFields);
    expect(problems?.fields.categories).toBe(messages.campCategoryRequired);
    expect(problems?.fields.name).toBe('Name is required');
    expect(problems?.fields.startDate).toBe('Start Date is required');
    expect(problems?.fields.minAge).toBe('Min Age is required');
    // The e-mail is optional.
    expect(problems?.fields.email).toBeUndefined();
  });

  it('has no banner when nothing required is missing: the field says what is wrong', () => {
    const problems = checkCamp(
      newCampBody,
      {
        ...emptyCamp,
        name: 'Lake Week',
        description: 'Swimming and canoes.',
        categories: [26, 22],
        address: '1 Lake Rd',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        phone: '512-555-0100',
        minAge: 12,
        maxAge: 8,
        cost: 100,
        spotsAvailable: 10,
      },
      messages.campRequiredFields,
    );
    expect(problems).toEqual({ fields: { minAge: messages.minAgeOverMax }, other: {}, banner: null });
  });

  it('edit camp uses the spec’s words for no category', () => {
    const problems = checkCamp(campUpdateBody, { ...emptyCamp, name: 'Lake Week' }, messages.requiredFields);
    expect(problems?.fields.categories).toBe(messages.campCategoryRequired);
    expect(problems?.banner).toBe(messages.requiredFields);
  });

  it('puts a refusal no field took above the form, and a field’s beside it only', () => {
    expect(serverProblems(messages.tryAgain, undefined, emptyCamp, messages.campRequiredFields)).toEqual({
      fields: {},
      other: {},
      banner: messages.tryAgain,
    });
    const filled = { ...emptyCamp, name: 'Lake Week' };
    expect(
      serverProblems(
        messages.duplicateCamp,
        { name: messages.duplicateCamp },
        filled,
        messages.campRequiredFields,
      ),
    ).toEqual({ fields: { name: messages.duplicateCamp }, other: {}, banner: null });
  });
});

describe('New Card', () => {
  const empty = { firstName: '', lastName: '', cardNumber: '', expDate: '', expYear: '', cvc: '' };

  it("says 'Please fill in all fields' once above, and which fields beside them", () => {
    expect(checkCard(empty)).toEqual({
      banner: messages.allCardFieldsRequired,
      fields: {
        firstName: 'First Name is required',
        lastName: 'Last Name is required',
        cardNumber: 'Card Number is required',
        expDate: 'Exp Month is required',
        expYear: 'Exp Year is required',
        cvc: 'CVC is required',
      },
    });
  });

  it('names what to fix in a filled field, with no banner', () => {
    const problems = checkCard({
      firstName: 'Casey',
      lastName: 'Fielding',
      cardNumber: '4242 4242 4242 4241',
      expDate: '13',
      expYear: '2030',
      cvc: '12',
    });
    expect(problems).toEqual({
      banner: null,
      fields: {
        cardNumber: messages.cardNumberInvalid,
        expDate: messages.cardExpiryInvalid,
        cvc: messages.cardCvcInvalid,
      },
    });
  });

  it('shows a decline above the form', () => {
    expect(serverCardProblems(messages.cardDeclined)).toEqual({ banner: messages.cardDeclined, fields: {} });
  });
});

describe('Account details', () => {
  const labels = { firstName: 'First Name', lastName: 'Last Name', email: 'Email' };
  const check = validateWith(accountDetailsForm('host', 'robin@example.com'), labels);
  const values = { firstName: 'Robin', lastName: 'Meadows', email: 'robin@example.com', phone: '' };

  it('asks for the current password beside it only when the sign-in e-mail changes', () => {
    expect(check({ ...values, currentPassword: '' })).toEqual({});
    expect(check({ ...values, email: ' ROBIN@example.com ', currentPassword: '' })).toEqual({});
    expect(check({ ...values, email: 'new@example.com', currentPassword: '' })).toEqual({
      currentPassword: messages.emailChangePasswordRequired,
    });
    expect(check({ ...values, email: 'new@example.com', currentPassword: 'typed it' })).toEqual({});
  });
});
