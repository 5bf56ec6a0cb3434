// @vitest-environment happy-dom
import { messages } from '@campwise/contract/messages';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/api/client.ts';
import {
  type CheckedSubmitOptions,
  checkedBody,
  checkFailed,
  refusalBeside,
  useCheckedSubmit,
} from '../src/components/forms/use-checked-submit.ts';

// React's act() flushes renders and effects only where the test says it is its environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Field = 'name' | 'email';
type Options = Partial<CheckedSubmitOptions<{ name: string }, string, Field>>;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/** A two-field form on the hook: each field marked wrong as its message is shown. */
function NameForm({ options }: { options: Options }) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { onSubmit, banner, formRef } = useCheckedSubmit<{ name: string }, string, Field>({
    check: () => ({ body: { name: 'Maya' } }),
    showErrors: setErrors,
    send: async () => 'saved',
    ...options,
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      {banner ? <p role="alert">{banner}</p> : null}
      {(['name', 'email'] as const).map((field) => (
        <label key={field}>
          {field}
          <input name={field} aria-invalid={errors[field] ? true : undefined} />
          {errors[field] ? <span data-error={field}>{errors[field]}</span> : null}
        </label>
      ))}
      <button type="submit">Save</button>
    </form>
  );
}

function render(options: Options) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<NameForm options={options} />));
  return container;
}

/** Submits the form and lets the call settle and the focus move (over the next frames). */
async function submit(view: HTMLElement) {
  await act(async () => {
    view.querySelector('button')?.click();
    // The call settles a few promise turns on; the messages are drawn as act ends.
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  });
  // The focus follows the messages once they are drawn, a few frames on.
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const errorOf = (view: HTMLElement, field: Field) =>
  view.querySelector(`[data-error="${field}"]`)?.textContent ?? null;
const bannerOf = (view: HTMLElement) => view.querySelector('[role="alert"]')?.textContent ?? null;

describe('useCheckedSubmit', () => {
  it('says what the check found beside each field, with its banner, focuses the first, and sends nothing', async () => {
    const send = vi.fn();
    const view = render({
      check: () => ({ errors: { email: 'Email is required' }, banner: messages.requiredFields }),
      send,
    });
    await submit(view);
    expect(errorOf(view, 'email')).toBe('Email is required');
    expect(errorOf(view, 'name')).toBeNull();
    expect(bannerOf(view)).toBe(messages.requiredFields);
    expect(document.activeElement).toBe(view.querySelector('input[name="email"]'));
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the checked body, clears the earlier messages, and hands on what the server answered', async () => {
    let valid = false;
    const send = vi.fn(async (body: { name: string }) => `saved ${body.name}`);
    const onSent = vi.fn();
    const view = render({
      check: () =>
        valid ? { body: { name: 'Maya' } } : { errors: { name: 'Too short' }, banner: 'Check it' },
      send,
      onSent,
    });
    await submit(view);
    expect(errorOf(view, 'name')).toBe('Too short');

    valid = true;
    await submit(view);
    expect(send).toHaveBeenCalledWith({ name: 'Maya' });
    expect(onSent).toHaveBeenCalledWith('saved Maya', { name: 'Maya' });
    expect(errorOf(view, 'name')).toBeNull();
    expect(bannerOf(view)).toBeNull();
  });

  it('places the server refusal beside the fields it names, through fieldOf', async () => {
    const onSent = vi.fn();
    const view = render({
      send: async () => {
        throw new ApiError(400, 'VALIDATION', 'Please check the form', { contactEmail: 'Already taken' });
      },
      fieldOf: (name) => (name === 'contactEmail' ? 'email' : undefined),
      onSent,
    });
    await submit(view);
    expect(errorOf(view, 'email')).toBe('Already taken');
    expect(bannerOf(view)).toBeNull();
    expect(document.activeElement).toBe(view.querySelector('input[name="email"]'));
    expect(onSent).not.toHaveBeenCalled();
  });

  it('says a refusal that names no field of the form above it', async () => {
    const view = render({
      send: async () => {
        throw new ApiError(409, 'CONFLICT', 'The session is full', { sessionId: 'Full' });
      },
      fieldOf: () => undefined,
    });
    await submit(view);
    expect(bannerOf(view)).toBe('The session is full');
    expect(errorOf(view, 'name')).toBeNull();
  });

  it('asks the form to try again when the failure is no error at all', async () => {
    const view = render({ send: () => Promise.reject('offline') });
    await submit(view);
    expect(bannerOf(view)).toBe(messages.tryAgain);
  });

  it('lets the form place a refusal its own way', async () => {
    const view = render({
      send: async () => {
        throw new ApiError(400, 'VALIDATION', 'Not saved', { name: 'Taken' });
      },
      placeRefusal: (message, fields, body) => ({
        fields: { name: fields?.name },
        banner: `${message}: ${body.name}`,
      }),
    });
    await submit(view);
    expect(errorOf(view, 'name')).toBe('Taken');
    expect(bannerOf(view)).toBe('Not saved: Maya');
  });

  it('clears the banner for a form that stays mounted while hidden', async () => {
    let clear: () => void = () => undefined;
    function Cleared() {
      const submitted = useCheckedSubmit({
        check: () => checkFailed({}, 'Check the form'),
        showErrors: () => undefined,
        send: async () => undefined,
      });
      clear = submitted.clearBanner;
      return (
        <form ref={submitted.formRef} onSubmit={submitted.onSubmit}>
          {submitted.banner ? <p role="alert">{submitted.banner}</p> : null}
          <button type="submit">Save</button>
        </form>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root?.render(<Cleared />));
    await submit(container);
    expect(bannerOf(container)).toBe('Check the form');
    act(() => clear());
    expect(bannerOf(container)).toBeNull();
  });
});

describe('refusalBeside', () => {
  it('says a one-field form’s refusal beside its field, named there or not', () => {
    const beside = refusalBeside('email');
    expect(beside('Invalid', { email: 'Already invited' })).toEqual({
      fields: { email: 'Already invited' },
      banner: null,
    });
    expect(beside('Too many invitations today', undefined)).toEqual({
      fields: { email: 'Too many invitations today' },
      banner: null,
    });
  });
});

describe('checkedBody', () => {
  it('is the body when no field has a message, and the messages otherwise', () => {
    const body = vi.fn(() => ({ name: 'Maya' }));
    expect(checkedBody({}, body)).toEqual({ body: { name: 'Maya' } });
    expect(checkedBody({ name: undefined }, body)).toEqual({ body: { name: 'Maya' } });
    expect(body).toHaveBeenCalledTimes(2);
    expect(checkedBody({ name: 'Required' }, body, 'Fill it in')).toEqual({
      errors: { name: 'Required' },
      banner: 'Fill it in',
    });
    expect(body).toHaveBeenCalledTimes(2);
  });
});
