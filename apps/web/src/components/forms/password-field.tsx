import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * Mantine's password input marks an error with a data attribute only; this one also says so
 * to screen readers (aria-invalid), like every other field, and so takes the focus when it is
 * the first field in error.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput aria-invalid={props.error ? true : undefined} {...props} />;
}
