import { Alert } from '@mantine/core';

/**
 * The one message above a form: the spec's banner when required fields are missing (each
 * field says which beside it), or a problem that belongs to no field.
 */
export function FormProblem({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  );
}

/** A failed call's message above a form (null when there is none). */
export function FormError({ error }: { error: Error | null | undefined }) {
  return <FormProblem message={error?.message} />;
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
