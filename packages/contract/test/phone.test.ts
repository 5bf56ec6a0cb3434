import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { messages } from '../src/messages.ts';
import { formatUsPhone, normalizeUsPhone, optionalPhoneField, phoneField } from '../src/phone.ts';

describe('phone fields', () => {
  it.each([
    '5125550199',
    '512-555-0199',
    '(512) 555-0199',
    '512.555.0199',
    '512 555 0199',
    '+1 512 555 0199',
    '1-512-555-0199',
    '  512-555-0199 ',
  ])('take %j as 512-555-0199', (typed) => {
    expect(phoneField.parse(typed)).toBe('512-555-0199');
    expect(optionalPhoneField.parse(typed)).toBe('512-555-0199');
  });

  it.each([
    '',
    '555-0199',
    '512-555-019',
    '112-555-0199',
    '512-055-0199',
    '+44 20 7946 0958',
    'call me',
    '512-555-0199 x2',
  ])('refuse %j', (typed) => {
    const parsed = phoneField.safeParse(typed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(messages.invalidPhone);
  });

  it('leave an optional phone blank as none', () => {
    expect(optionalPhoneField.parse('  ')).toBeNull();
    expect(optionalPhoneField.parse(null)).toBeNull();
    expect(optionalPhoneField.parse(undefined)).toBeNull();
  });

  it('accept on the server whatever the typing mask writes, and store it as the mask shows it', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/),
        fc.constantFrom('', ' ', '-', '.'),
        (digits, gap) => {
          const typed = `${digits.slice(0, 3)}${gap}${digits.slice(3, 6)}${gap}${digits.slice(6)}`;
          expect(normalizeUsPhone(typed)).toBe(formatUsPhone(typed));
          expect(phoneField.parse(formatUsPhone(typed))).toBe(formatUsPhone(typed));
        },
      ),
    );
  });
});
