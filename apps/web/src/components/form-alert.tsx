import { Alert } from '@mantine/core';

/** A failed call's message above a form (null when there is none). */
export function FormError({ error }: { error: Error | null | undefined }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {error.message}
    </Alert>
  );
}

/** A success message above a form. */
export function FormSuccess({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="leaf" variant="light" role="status">
      {message}
    </Alert>
  );
}
