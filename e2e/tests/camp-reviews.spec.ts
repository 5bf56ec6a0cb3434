import { createEndedPlace, reviewBy, reviewsSection } from '../camp-review-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { adminToken, closeNotices, expect, main, signIn, waitForMail } from '../support.ts';

const reviewText = 'Maya loved the <b>canoes</b> & came home singing every day.';
const replyText = 'Thank you! We loved having Maya with us.';
const reportReason = 'It names a member of staff.';
const hideReason = 'Reviews may not name members of staff.';

test.describe('reviews of camp sessions', () => {
  test('a parent reviews an ended session, the host replies and reports it, an administrator hides it', async ({
    page,
    request,
  }) => {
    test.slow();
    // A session the family's child attended, ended last July.
    const place = await createEndedPlace(request, 'Willow Creek Days');
    const { family, host, campId, camp } = place;

    await test.step('the parent writes a review from My Registrations, each problem beside its field', async () => {
      await signIn(page, family.parent);
      await page.goto('/camper/registrations');
      const card = main(page)
        .getByRole('region', { name: 'Past and cancelled', exact: true })
        .getByRole('article')
        .filter({ hasText: camp.name });
      await card.getByRole('button', { name: 'Write a review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Write a review' });
      await dialog.getByRole('button', { name: 'Post review' }).click();
      await expect(dialog.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();
      await expect(
        dialog.getByText('Please write a few words about the session (at least 10 characters).'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      // The stars are radio buttons: a keyboard chooses one as a pointer does.
      await dialog.getByRole('radio', { name: '4 stars' }).focus();
      await page.keyboard.press('Space');
      await expect(dialog.getByRole('radio', { name: '4 stars' })).toBeChecked();
      await dialog.getByRole('textbox', { name: 'Your review' }).fill(reviewText);
      await dialog.getByRole('button', { name: 'Post review' }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByText('Your review', { exact: true })).toBeVisible();
      await expect(card.getByText('4 out of 5 stars')).toBeAttached();
      await expect(card.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
    });

    await test.step('the host is told by e-mail', async () => {
      const mail = await waitForMail(request, host.email, `A new review of ${camp.name}`);
      expect(mail.text).toContain(reviewText);
    });

    await test.step('the camp page shows it as written, with the average', async () => {
      await page.goto(`/camps/${campId}`);
      const reviews = reviewsSection(page);
      await expect(reviews.getByText('4.0 out of 5 · 1 review')).toBeVisible();
      const review = reviewBy(reviews, 'Casey F.');
      await expect(review.getByText(reviewText, { exact: true })).toBeVisible();
      await expect(review.getByText('July week')).toBeVisible();
    });

    await test.step('the host replies once, and reports the review', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}`);
      const review = reviewBy(reviewsSection(page), 'Casey F.');
      await expect(review).toBeVisible();
      await expectNoAxeViolations(page);
      await review.getByRole('button', { name: 'Reply' }).click();
      const replyDialog = page.getByRole('dialog', { name: 'Reply to a review' });
      await replyDialog.getByRole('button', { name: 'Post reply' }).click();
      await expect(replyDialog.getByText('Please write your reply.')).toBeVisible();
      await replyDialog.getByRole('textbox', { name: 'Your reply' }).fill(replyText);
      await replyDialog.getByRole('button', { name: 'Post reply' }).click();
      await expect(replyDialog).toBeHidden();
      await expect(review.getByText(replyText)).toBeVisible();
      await expect(review.getByRole('button', { name: 'Reply' })).toHaveCount(0);

      await review.getByRole('button', { name: 'Report' }).click();
      const reportDialog = page.getByRole('dialog', { name: 'Report a review' });
      await reportDialog.getByRole('textbox', { name: 'Why should our team look at it?' }).fill(reportReason);
      await closeNotices(page);
      await expectNoAxeViolations(page);
      await reportDialog.getByRole('button', { name: 'Report review' }).click();
      await expect(reportDialog).toBeHidden();
      await expect(review.getByText('Reported: waiting for our team')).toBeVisible();
    });

    await test.step('the parent sees the reply on the camp page', async () => {
      await page.goto(`/camps/${campId}`);
      const review = reviewBy(reviewsSection(page), 'Casey F.');
      await expect(review.getByText('Reply from the host')).toBeVisible();
      await expect(review.getByText(replyText)).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('an administrator hides it with a reason', async () => {
      await signIn(page, { token: await adminToken(request), userType: 'admin' });
      await page.goto('/admin');
      await main(page).getByRole('link', { name: 'Reported reviews' }).click();
      await expect(main(page).getByRole('heading', { level: 1, name: 'Reported Reviews' })).toBeVisible();
      const item = main(page).getByRole('listitem').filter({ hasText: camp.name });
      await expect(item.getByText(reportReason)).toBeVisible();
      await expectNoAxeViolations(page);
      await item.getByRole('button', { name: 'Hide review' }).click();
      const dialog = page.getByRole('dialog', { name: 'Hide a review' });
      await dialog.getByRole('textbox', { name: 'Reason' }).fill(hideReason);
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      await expect(dialog).toBeHidden();
      await expect(item).toHaveCount(0);
    });

    await test.step('it leaves the camp page; its author sees it hidden, with the reason', async () => {
      await page.goto(`/camps/${campId}`);
      await expect(
        reviewsSection(page).getByText('No reviews yet. Families can review a session once it has ended.'),
      ).toBeVisible();
      await signIn(page, family.parent);
      await page.goto('/camper/registrations');
      const card = main(page).getByRole('article').filter({ hasText: camp.name }).first();
      await expect(card.getByText('Hidden by our team: only you can see it')).toBeVisible();
      await expect(card.getByText(`Reason: ${hideReason}`)).toBeVisible();
    });
  });
});
