import { createEndedPlace, reviewBy, reviewsSection, reviewThroughApi } from '../camp-review-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { adminToken, bearer, expect, main, signIn } from '../support.ts';

test.describe('accessibility of reviews', () => {
  test('the camp page reviews, the review dialog, the host reviews and the reported reviews have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const reviewed = await createEndedPlace(request, 'Aspen Meadow Days');
    const reviewId = await reviewThroughApi(request, reviewed, {
      rating: 5,
      text: 'Wonderful week.\nThe counsellors knew every child by name.',
    });
    const replied = await request.post(`/host/reviews/${reviewId}/reply`, {
      headers: bearer(reviewed.host.token),
      data: { text: 'Thank you, we hope to see Maya next summer!' },
    });
    expect(replied.status(), await replied.text()).toBe(200);
    const toWrite = await createEndedPlace(request, 'Birch Hollow Days');

    await test.step('the camp page with its reviews', async () => {
      await page.goto(`/camps/${reviewed.campId}`);
      await expect(reviewsSection(page).getByText('5.0 out of 5 · 1 review')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the Write a review dialog, with its problems shown', async () => {
      await signIn(page, toWrite.family.parent);
      await page.goto('/camper/registrations');
      await main(page).getByRole('button', { name: 'Write a review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a review' });
      await dialog.getByRole('button', { name: 'Post review' }).click();
      await expect(dialog.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the host camp page with the reviews and the report dialog', async () => {
      await signIn(page, reviewed.host);
      await page.goto(`/host/camp/${reviewed.campId}`);
      const review = reviewBy(reviewsSection(page), 'Casey F.');
      await expect(review).toBeVisible();
      await expectNoAxeViolations(page);
      await review.getByRole('button', { name: 'Report' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a review' });
      await dialog
        .getByRole('textbox', { name: 'Why should our team look at it?' })
        .fill('It is about another camp.');
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Report review' }).click();
      await expect(dialog).toBeHidden();
    });

    await test.step('the reported reviews queue', async () => {
      await signIn(page, { token: await adminToken(request), userType: 'admin' });
      await page.goto('/admin/camp-reviews');
      await expect(main(page).getByRole('listitem').filter({ hasText: reviewed.camp.name })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
