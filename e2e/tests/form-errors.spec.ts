import type { Locator } from '@playwright/test';
import { createApprovedOrg } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createAccount, createSubscribedHost, expect, main, signIn } from '../support.ts';

const requiredFields = 'Please fill in all required(*) fields';
const campRequiredFields = 'Please fill in all required(*) fields, Select at least one Camp Category';

/** The text Mantine ties to a field (its hint and its error), as a screen reader reads it. */
const described = (field: Locator) =>
  field.evaluate((input) => {
    const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });

test.describe('form errors', () => {
  // Each journey waits on the server for its page and, for some, its accounts.
  test.slow();

  test('an empty register form says each field is required, once, beside it', async ({ page }) => {
    await page.goto('/camper/register');
    const form = main(page);
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    for (const name of ['First Name', 'Last Name', 'Email', 'Phone', 'Password', 'Confirm Password']) {
      const field = form.getByRole('textbox', { name, exact: true });
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(await described(field)).toContain(`${name} is required`);
      await expect(form.getByText(`${name} is required`, { exact: true })).toHaveCount(1);
    }
    // Not a rule for something that was never typed.
    await expect(form.getByText(/at least 8 characters long|valid US phone number/)).toHaveCount(0);
    await expect(form.getByText(requiredFields)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a field in error keeps its typed text and a pale placeholder', async ({ page }) => {
    await page.goto('/camper/register');
    const form = main(page);
    const firstName = form.getByRole('textbox', { name: 'First Name', exact: true });
    const phone = form.getByRole('textbox', { name: 'Phone', exact: true });
    const colours = (field: Locator) =>
      field.evaluate((input) => ({
        text: getComputedStyle(input).color,
        placeholder: getComputedStyle(input, '::placeholder').color,
      }));
    const before = await colours(phone);
    await firstName.fill('Casey');
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
    expect(await colours(phone)).toEqual(before);
    await phone.pressSequentially('555');
    await form.getByRole('button', { name: 'Create Account', exact: true }).click();
    await expect(form.getByText('Please enter a valid US phone number, like 312-555-0142.')).toHaveCount(1);
    expect((await colours(phone)).text).toBe((await colours(firstName)).text);
  });

  test('account settings give the spec’s banner once and name each missing field', async ({
    page,
    request,
  }) => {
    const parent = await createAccount(request, 'camper');
    await signIn(page, parent);
    await page.goto('/camper/account');
    const settings = main(page);
    const firstName = settings.getByRole('textbox', { name: 'First Name', exact: true });
    await expect(firstName).toHaveValue(parent.firstName);
    await firstName.fill('');
    await settings.getByRole('button', { name: 'Update Account', exact: true }).click();
    await expect(settings.getByRole('alert').filter({ hasText: requiredFields })).toHaveCount(1);
    await expect(settings.getByText(requiredFields, { exact: true })).toHaveCount(1);
    expect(await described(firstName)).toContain('First Name is required');

    await settings.getByRole('button', { name: 'Update Password', exact: true }).click();
    const passwordsRequired = 'All password fields required when updating password.';
    await expect(settings.getByText(passwordsRequired, { exact: true })).toHaveCount(1);
    for (const name of ['Current Password', 'New Password', 'Confirm New Password']) {
      await expect(settings.getByText(`${name} is required`, { exact: true })).toHaveCount(1);
    }
    await expectNoAxeViolations(page);
  });

  test('New Camp says its banner once and what each empty field needs beside it', async ({
    page,
    request,
  }) => {
    const host = await createSubscribedHost(request);
    const { orgId } = await createApprovedOrg(request, host, 'Form Errors Camp Club');
    await signIn(page, host);
    await page.goto(`/host/org/${orgId}/camps`);
    await main(page).getByRole('button', { name: '+ New Camp', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Camp' });
    await dialog.getByRole('button', { name: 'Add Camp', exact: true }).click();

    await expect(dialog.getByRole('alert')).toHaveText(campRequiredFields);
    await expect(dialog.getByText(campRequiredFields, { exact: true })).toHaveCount(1);
    const categories = dialog.getByRole('textbox', { name: 'Categories', exact: true });
    expect(await described(categories)).toContain('Must select at least one category');
    for (const name of ['Name', 'Address', 'Phone', 'Start Date', 'Cost']) {
      const field = dialog.getByRole('textbox', { name, exact: true });
      expect(await described(field)).toContain(`${name} is required`);
    }
    // The optional e-mail is not asked for.
    expect(await described(dialog.getByRole('textbox', { name: 'Email', exact: true }))).not.toContain(
      'required',
    );
    await expectNoAxeViolations(page);
  });
});
