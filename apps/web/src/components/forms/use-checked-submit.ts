import { messages } from '@campwise/contract/messages';
import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { focusFirstError } from '../orgs/focus-first-error.ts';
import { placeServerProblems } from './field-errors.ts';

/** One message per field, said beside it. */
export type FieldProblems<Field extends string> = Partial<Record<Field, string>>;

/**
 * What was typed, checked (with the contract's schema): the body to send, or a message beside
 * each field that is wrong and, if wanted, one above the form.
 */
export type Checked<Body, Field extends string> =
  | { body: Body }
  | { errors: FieldProblems<Field>; banner?: string | null };

/** A refusal placed on the form: beside the fields it names, and what no field took above it. */
export interface PlacedRefusal<Field extends string> {
  fields: FieldProblems<Field>;
  banner: string | null;
}

/**
 * The check's answer when something is wrong: the messages beside the fields and the one above
 * them. (Written as an object literal beside `{ body }`, TypeScript would widen the body type.)
 */
export function checkFailed<Field extends string>(
  errors: FieldProblems<Field>,
  banner: string | null = null,
): { errors: FieldProblems<Field>; banner: string | null } {
  return { errors, banner };
}

/** The body when no field has a problem, otherwise the problems (and the banner above them). */
export function checkedBody<Body, Field extends string>(
  errors: FieldProblems<Field>,
  body: () => Body,
  banner: string | null = null,
): Checked<Body, Field> {
  return Object.values(errors).some(Boolean) ? checkFailed(errors, banner) : { body: body() };
}

/** A one-field form's refusal: said beside its field, whether the server names the field or not. */
export function refusalBeside<Field extends string>(field: Field) {
  return (message: string, fields: Record<string, string> | undefined): PlacedRefusal<Field> =>
    placeServerProblems(
      message,
      fields,
      (name) => (name === field ? field : undefined),
      () => field,
    );
}

export interface CheckedSubmitOptions<Body, Result, Field extends string> {
  /** Checks what was typed when the form is sent. */
  check: () => Checked<Body, Field>;
  /** Shows the messages beside the fields (a Mantine form's `setErrors`, or a state setter). */
  showErrors: (errors: FieldProblems<Field>) => void;
  /** The call: a mutation's `mutateAsync`. */
  send: (body: Body) => Promise<Result>;
  /** After the server took it. */
  onSent?: (result: Result, body: Body) => void;
  /**
   * Where the server's refusal of `body` goes. By default each field it names is the form's
   * field of that name (or `fieldOf`'s), and a refusal that names none is said above the form.
   */
  placeRefusal?: (
    message: string,
    fields: Record<string, string> | undefined,
    body: Body,
  ) => PlacedRefusal<Field>;
  /** The form's field for a field the server names; by default the same name. */
  fieldOf?: (serverField: string) => Field | undefined;
}

/**
 * The checked submit every form shares: check what was typed with the contract's schema and say
 * each problem beside its field, send it, and place the server's refusal the same way, the
 * focus going to the first field marked wrong each time. The form takes `formRef`, `onSubmit`
 * and shows `banner` above its fields.
 */
export function useCheckedSubmit<Body, Result, Field extends string>({
  check,
  showErrors,
  send,
  onSent,
  placeRefusal,
  fieldOf = (name) => name as Field,
}: CheckedSubmitOptions<Body, Result, Field>) {
  const [banner, setBanner] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    setBanner(null);
    const checked = check();
    if ('errors' in checked) {
      showErrors(checked.errors);
      setBanner(checked.banner ?? null);
      focusFirstError(formRef.current);
      return;
    }
    showErrors({});
    let result: Result;
    try {
      result = await send(checked.body);
    } catch (error) {
      const message = error instanceof Error ? error.message : messages.tryAgain;
      const fields = error instanceof ApiError ? error.fields : undefined;
      const placed = placeRefusal
        ? placeRefusal(message, fields, checked.body)
        : placeServerProblems(message, fields, fieldOf);
      showErrors(placed.fields);
      setBanner(placed.banner);
      focusFirstError(formRef.current);
      return;
    }
    onSent?.(result, checked.body);
  };

  /** For a form that stays mounted while hidden: a new start says nothing above it. */
  const clearBanner = () => setBanner(null);

  return { onSubmit, banner, clearBanner, formRef };
}
