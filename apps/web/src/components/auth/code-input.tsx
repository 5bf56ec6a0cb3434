import { TextInput, type TextInputProps } from '@mantine/core';

/**
 * Where a person types a code from their authenticator app, or (`recovery`) one of their
 * recovery codes. Phones offer the number pad and the code the app just sent.
 */
export function CodeInput({ recovery = false, ...props }: TextInputProps & { recovery?: boolean }) {
  return (
    <TextInput
      label={recovery ? 'Recovery code' : 'Authentication code'}
      description={
        recovery
          ? 'One of the codes you saved, like k7p2q-x4m9t'
          : 'The 6-digit code from your authenticator app'
      }
      inputMode={recovery ? 'text' : 'numeric'}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={recovery ? 20 : 7}
      withAsterisk
      {...props}
    />
  );
}
