import { describe, expect, it } from 'vitest';
import { cardBrand, cardDetailsSchema, cardDigits, isExpired, passesLuhn } from '../src/cards.ts';
import { messages } from '../src/messages.ts';

const FUTURE_YEAR = new Date().getUTCFullYear() + 5;

const goodCard = {
  firstName: 'Robin',
  lastName: 'Meadows',
  cardNumber: '4242 4242 4242 4242',
  expDate: '12',
  expYear: String(FUTURE_YEAR),
  cvc: '123',
};

/** Each field with a problem and its message; empty when the card is valid. */
function problems(input: Record<string, unknown>): Record<string, string> {
  const result = cardDetailsSchema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('passesLuhn', () => {
  it.each([
    '4242424242424242',
    '4000000000000002',
    '5555555555554444',
    '378282246310005',
    '6011111111111117',
    '79927398713',
    '0',
  ])('accepts %s', (digits) => {
    expect(passesLuhn(digits)).toBe(true);
  });

  it.each(['4242424242424241', '4242424242424243', '5555555555554445', '79927398710', '1'])(
    'rejects %s',
    (digits) => {
      expect(passesLuhn(digits)).toBe(false);
    },
  );

  it('catches two neighbouring digits swapped', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('2442424242424242')).toBe(false);
  });
});

describe('cardDigits', () => {
  it('drops the spaces and dashes people type between groups', () => {
    expect(cardDigits('4242 4242-4242  4242')).toBe('4242424242424242');
    expect(cardDigits('4242424242424242')).toBe('4242424242424242');
  });
});

describe('cardBrand', () => {
  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['5105105105105100', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'],
    ['3056930009020004', 'card'],
    ['5000000000000009', 'card'],
    ['2800000000000000', 'card'],
  ])('names %s as %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});

describe('isExpired', () => {
  const midMarch2030 = new Date('2030-03-15T12:00:00Z');

  it('keeps a card valid through the last day of its month', () => {
    expect(isExpired(3, 2030, midMarch2030)).toBe(false);
    expect(isExpired(3, 2030, new Date('2030-03-31T23:59:59Z'))).toBe(false);
    expect(isExpired(3, 2030, new Date('2030-04-01T00:00:00Z'))).toBe(true);
  });

  it('treats earlier months and years as expired and later ones as valid', () => {
    expect(isExpired(2, 2030, midMarch2030)).toBe(true);
    expect(isExpired(12, 2029, midMarch2030)).toBe(true);
    expect(isExpired(4, 2030, midMarch2030)).toBe(false);
    expect(isExpired(1, 2031, midMarch2030)).toBe(false);
  });

  it('reads the month in UTC', () => {
    // Late on 31 March in the Americas is already April in UTC.
    expect(isExpired(3, 2030, new Date('2030-03-31T22:00:00-05:00'))).toBe(true);
  });
});

describe('cardDetailsSchema', () => {
  it('accepts a good card and normalises what was typed', () => {
    expect(
      cardDetailsSchema.parse({
        ...goodCard,
        firstName: '  Robin ',
        cardNumber: ' 4242-4242 4242-4242 ',
        expDate: '03',
        expYear: '49',
      }),
    ).toEqual({
      firstName: 'Robin',
      lastName: 'Meadows',
      cardNumber: '4242424242424242',
      expDate: 3,
      expYear: 2049,
      cvc: '123',
    });
  });

  it('reads 2-digit and 4-digit years as the same year', () => {
    const twoDigits = cardDetailsSchema.parse({ ...goodCard, expYear: String(FUTURE_YEAR).slice(2) });
    const fourDigits = cardDetailsSchema.parse({ ...goodCard, expYear: String(FUTURE_YEAR) });
    expect(twoDigits.expYear).toBe(FUTURE_YEAR);
    expect(fourDigits.expYear).toBe(FUTURE_YEAR);
  });

  it('accepts a card that expires this month', () => {
    const today = new Date();
    const thisMonth = { expDate: String(today.getUTCMonth() + 1), expYear: String(today.getUTCFullYear()) };
    expect(problems({ ...goodCard, ...thisMonth })).toEqual({});
  });

  it('accepts 3- and 4-digit CVCs and 12- to 19-digit numbers', () => {
    expect(problems({ ...goodCard, cvc: '1234' })).toEqual({});
    expect(problems({ ...goodCard, cardNumber: '378282246310005' })).toEqual({});
    expect(problems({ ...goodCard, cardNumber: '424242424242' })).toEqual({});
    expect(problems({ ...goodCard, cardNumber: '4242424242424242428' })).toEqual({});
  });

  it('refuses numbers that pass the Luhn check but are too short or too long', () => {
    for (const digits of ['42424242420', '42424242424242424283']) {
      expect(passesLuhn(digits)).toBe(true);
      expect(problems({ ...goodCard, cardNumber: digits })).toEqual({
        cardNumber: messages.cardNumberInvalid,
      });
    }
  });

  it.each([
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    [
      'letters in the number',
      { cardNumber: '4242 4242 4242 42a2' },
      'cardNumber',
      messages.cardNumberInvalid,
    ],
    ['month 0', { expDate: '0' }, 'expDate', messages.cardExpiryInvalid],
    ['month 13', { expDate: '13' }, 'expDate', messages.cardExpiryInvalid],
    ['a month in words', { expDate: 'May' }, 'expDate', messages.cardExpiryInvalid],
    ['a 1-digit year', { expYear: '9' }, 'expYear', messages.cardExpiryInvalid],
    ['a 3-digit year', { expYear: '203' }, 'expYear', messages.cardExpiryInvalid],
    ['a 5-digit year', { expYear: '20300' }, 'expYear', messages.cardExpiryInvalid],
    ['a past year', { expYear: '2019' }, 'expYear', messages.cardExpired],
    ['a past 2-digit year', { expYear: '19' }, 'expYear', messages.cardExpired],
    ['a 2-digit CVC', { cvc: '12' }, 'cvc', messages.cardCvcInvalid],
    ['a 5-digit CVC', { cvc: '12345' }, 'cvc', messages.cardCvcInvalid],
    ['letters in the CVC', { cvc: '12a' }, 'cvc', messages.cardCvcInvalid],
    ['an empty first name', { firstName: '' }, 'firstName', messages.allCardFieldsRequired],
    ['a blank last name', { lastName: '  ' }, 'lastName', messages.allCardFieldsRequired],
    ['an empty number', { cardNumber: '' }, 'cardNumber', messages.allCardFieldsRequired],
    ['an empty month', { expDate: '' }, 'expDate', messages.allCardFieldsRequired],
    ['an empty year', { expYear: ' ' }, 'expYear', messages.allCardFieldsRequired],
    ['an empty CVC', { cvc: '' }, 'cvc', messages.allCardFieldsRequired],
    ['a missing CVC', { cvc: undefined }, 'cvc', messages.allCardFieldsRequired],
    ['a number instead of text', { cvc: 123 }, 'cvc', messages.allCardFieldsRequired],
    ['a first name over 100 characters', { firstName: 'R'.repeat(101) }, 'firstName', undefined],
  ])('refuses %s', (_label, change, field, message) => {
    const found = problems({ ...goodCard, ...change });
    expect(Object.keys(found)).toEqual([field]);
    if (message !== undefined) expect(found[field]).toBe(message);
  });

  it('reports every field of an empty form', () => {
    expect(problems({})).toEqual({
      firstName: messages.allCardFieldsRequired,
      lastName: messages.allCardFieldsRequired,
      cardNumber: messages.allCardFieldsRequired,
      expDate: messages.allCardFieldsRequired,
      expYear: messages.allCardFieldsRequired,
      cvc: messages.allCardFieldsRequired,
    });
  });
});
