import { expectNoAxeViolations, test } from '../fixtures.ts';
import { createListedCamp } from '../registration-support.ts';
import { expect, fillRegisterForm, main, newPassword, uniqueEmail } from '../support.ts';

test.describe('the camp page sells the camp', () => {
  test('a guest presses Register, signs up, and comes back to the camp to register', async ({
    page,
    request,
  }) => {
    test.slow();
    const { campId, camp } = await createListedCamp(request, 'Cedar Ridge Nature Week');

    await test.step('the guest sees Register and is taken to sign up', async () => {
      await page.goto(`/camps/${campId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: camp.name })).toBeVisible();
      await expectNoAxeViolations(page);
      await main(page).getByRole('link', { name: 'Register', exact: true }).click();
      await expect(page).toHaveURL(`/camper/register?returnTo=${encodeURIComponent(`/camps/${campId}`)}`);
    });

    await test.step('after creating an account the parent is back on the camp, signed in', async () => {
      await fillRegisterForm(page, {
        firstName: 'Jordan',
        lastName: 'Pike',
        email: uniqueEmail('guest-register'),
        phoneDigits: '3125550177',
        password: newPassword(),
      });
      await main(page).getByRole('button', { name: 'Create Account' }).click();
      await expect(page).toHaveURL(`/camps/${campId}`);
      await expect(main(page).getByText('Already have a parent account?')).toHaveCount(0);
      await main(page).getByRole('link', { name: 'Register', exact: true }).click();
      await expect(page).toHaveURL(`/camps/${campId}/register`);
      await expect(
        main(page).getByText(`Ages ${camp.minAge} to ${camp.maxAge}`, { exact: true }),
      ).toBeVisible();
    });
  });

  test('on a phone Register stays at the bottom of the screen', { tag: '@phone-only' }, async ({
    page,
    request,
  }) => {
    const { campId, camp } = await createListedCamp(request, 'Cedar Ridge Canoe Week');
    await page.goto(`/camps/${campId}`);
    const sticky = main(page).getByRole('link', { name: `Register for ${camp.name}` });
    await expect(sticky).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect(sticky).toBeInViewport();
    const box = await sticky.boundingBox();
    const viewport = page.viewportSize();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan((viewport?.height ?? 0) - 80);
  });
});
