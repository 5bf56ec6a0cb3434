/**
 * Moves focus to the first field marked invalid, so that a long form scrolls to the problem
 * and a screen reader reads it out. The errors render (and a dialog's own focus handling
 * settles) over the next few frames, so it keeps trying until the field holds focus.
 */
export function focusFirstError(form: HTMLFormElement | null, framesLeft = 20): void {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
    if (framesLeft > 1 && (!target || document.activeElement !== target))
      focusFirstError(form, framesLeft - 1);
  });
}
