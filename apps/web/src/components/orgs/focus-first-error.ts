/**
 * Moves focus to the first field marked invalid, once the errors have rendered, so that a
 * long form scrolls to the problem and a screen reader reads it out.
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
