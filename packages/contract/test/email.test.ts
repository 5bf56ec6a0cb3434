import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailField } from '../src/email.ts';
import { messages } from '../src/messages.ts';
import { newsletterSignupBody } from '../src/newsletter.ts';

function firstMessage(input: unknown): string | undefined {
  const result = emailField.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('emailField', () => {
  it('accepts an address and trims the spaces around it', () => {
    expect(emailField.parse('parent@example.com')).toBe('parent@example.com');
    expect(emailField.parse('  parent@example.com \t')).toBe('parent@example.com');
  });

  it.each(['parent', 'parent@', '@example.com', 'parent@example', 'par ent@example.com', 'a@b@example.com'])(
    'rejects the malformed address %j',
    (input) => {
      expect(firstMessage(input)).toBe(messages.invalidEmail);
    },
  );

  it('accepts an address at the length limit and rejects a longer one', () => {
    const domain = '@example.com';
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length)}${domain}`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(firstMessage(`${'a'.repeat(60)}${domain}`)).toBeUndefined();
    expect(firstMessage(`a${longest}`)).toBe(messages.invalidEmail);
  });

  it.each([42, true, null, {}, ['parent@example.com']])('rejects the non-string %j', (input) => {
    expect(firstMessage(input)).toBe(messages.invalidEmail);
  });

  it('asks for an address when it is missing or blank', () => {
    expect(firstMessage(undefined)).toBe(messages.emailRequired);
    expect(firstMessage('')).toBe(messages.emailRequired);
    expect(firstMessage('   ')).toBe(messages.emailRequired);
  });

  it('asks for an address when a form leaves the field out', () => {
    const result = newsletterSignupBody.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['email'], message: messages.emailRequired });
  });
});
