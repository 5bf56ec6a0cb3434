import type { Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  addressLine,
  adminToken,
  createOrg,
  createSubscribedHost,
  decideOrg,
  detail,
  expect,
  fillOrgForm,
  imageLoaded,
  main,
  orgCard,
  pngImage,
  publicOrgName,
  signIn,
  uniqueOrg,
  waitForMail,
} from '../support.ts';

const reason = 'Please add your full street address';
const responseSent = 'Response sent! You can close this window';
const updatedInReview = 'The Org you updated is now in review.';

async function signInAsAdmin(page: Page, token: string): Promise<void> {
  await signIn(page, { token, userType: 'admin' });
}

test.describe('reviewing organizations', () => {
  test('a denied organization is corrected and sent for review again', async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Cedar Ridge Adventures');
    const orgId = await createOrg(request, host, org);
    const corrected = `${org.address}, Suite 4`;

    await test.step('the administrator denies it with a reason', async () => {
      await signInAsAdmin(page, await adminToken(request));
      await page.goto(`/admin/revieworg/${orgId}`);
      const review = main(page);
      await expect(review.getByRole('heading', { level: 1, name: 'Organization Review' })).toBeVisible();
      await expect(review.getByText('New organization', { exact: true })).toBeVisible();

      const deny = review.getByRole('button', { name: 'Deny', exact: true });
      await deny.click();
      await expect(
        review.getByText('Please give the host a reason for the denial.', { exact: true }),
      ).toBeVisible();
      await review.getByRole('textbox', { name: 'Reason for denial' }).fill(reason);
      await deny.click();
      const sent = review.getByRole('status');
      await expect(sent).toContainText('Denial sent!');
      await expect(sent).toContainText(`Your reason: ${reason}`);
    });

    await test.step('the host is told by e-mail', async () => {
      const mail = await waitForMail(request, host.email, `${org.name} needs changes`);
      expect(mail.text).toContain(`Your organization ${org.name} could not be approved yet.`);
      expect(mail.text).toContain(reason);
      expect(mail.text).toContain(`${baseURL}/host/dashboard`);
    });

    await test.step('the host sees it denied with the reason', async () => {
      await signIn(page, host);
      await page.goto('/host/dashboard');
      const card = orgCard(page, org.name);
      await expect(card.getByText('DENIED', { exact: true })).toBeVisible();
      await expect(card.getByText(`Reason: ${reason}`, { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: org.name, exact: true })).toHaveCount(0);
      await card.getByRole('link', { name: 'Edit and resubmit', exact: true }).click();
      await expect(page).toHaveURL(`/host/editorg/${orgId}`);
    });

    await test.step('corrects the address and saves', async () => {
      const form = main(page);
      await expect(form.getByRole('heading', { level: 1, name: 'Edit organization' })).toBeVisible();
      const notApproved = form.getByRole('status').filter({ hasText: 'This organization was not approved' });
      await expect(notApproved).toContainText(`Reason: ${reason}`);
      await expect(form.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(org.address);
      await fillOrgForm(form, { address: corrected });
      await form.getByRole('button', { name: 'Save', exact: true }).click();

      await expect(page).toHaveURL('/host/dashboard?orgupdate=true');
      await expect(page.getByRole('status').filter({ hasText: updatedInReview })).toBeVisible();
      const card = orgCard(page, org.name);
      await expect(card.getByText('PENDING REVIEW', { exact: true })).toBeVisible();
      await expect(card.getByText('DENIED', { exact: true })).toHaveCount(0);
      await expect(card.getByText(`Reason: ${reason}`, { exact: true })).toHaveCount(0);
    });

    await test.step('it is back in the review queue with the new address', async () => {
      await signInAsAdmin(page, await adminToken(request));
      await page.goto('/admin');
      const item = main(page).getByRole('listitem').filter({ hasText: org.name });
      await expect(item.getByText('New organization', { exact: true })).toBeVisible();
      await item.getByRole('link', { name: org.name, exact: true }).click();

      await expect(page).toHaveURL(`/admin/revieworg/${orgId}`);
      const review = main(page);
      await expect(detail(review, 'Address')).toHaveText(addressLine({ ...org, address: corrected }));
      const history = review.getByRole('listitem').filter({ hasText: 'Denied' });
      await expect(history).toContainText(`“${reason}”`);
    });
  });

  test('changes to an approved organization stay out of sight until they are approved', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Willow Bend Nature School');
    const orgId = await createOrg(request, host, org, await pngImage('#a0324f'));
    await decideOrg(request, orgId, { approved: true });
    const renamed = `${org.name} and Farm`;

    await test.step('the host renames it and is told the change is in review', async () => {
      await signIn(page, host);
      await page.goto(`/host/editorg/${orgId}`);
      const form = main(page);
      await expect(form.getByRole('heading', { level: 1, name: 'Edit organization' })).toBeVisible();
      await expect(form.getByText('APPROVED', { exact: true })).toBeVisible();
      await fillOrgForm(form, { name: renamed });
      await form.getByRole('button', { name: 'Save', exact: true }).click();

      await expect(page).toHaveURL('/host/dashboard?orgupdate=true');
      const banner = page.getByRole('status').filter({ hasText: updatedInReview });
      await expect(banner).toBeVisible();
      const card = orgCard(page, org.name);
      await expect(card.getByText('Changes in review', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: org.name, exact: true })).toHaveAttribute(
        'href',
        `/host/org/${orgId}`,
      );

      await banner.getByRole('button', { name: 'Dismiss' }).click();
      await expect(banner).toBeHidden();
      await expect(page).toHaveURL('/host/dashboard');
    });

    await test.step('the public still sees the approved name', async () => {
      expect(await publicOrgName(request, orgId)).toBe(org.name);
    });

    await test.step('the administrator sees what changed and approves it', async () => {
      await signInAsAdmin(page, await adminToken(request));
      await page.goto('/admin');
      const item = main(page).getByRole('listitem').filter({ hasText: org.name });
      await expect(item.getByText('Revised details', { exact: true })).toBeVisible();
      await expectNoAxeViolations(page);
      await item.getByRole('link', { name: org.name, exact: true }).click();

      await expect(page).toHaveURL(`/admin/revieworg/${orgId}`);
      const review = main(page);
      await expect(review.getByRole('heading', { level: 2, name: 'What changed' })).toBeVisible();
      await expect
        .poll(() => imageLoaded(review.getByRole('img', { name: `${renamed} thumbnail` })))
        .toBe(true);
      await expectNoAxeViolations(page);
      const change = review
        .getByRole('listitem')
        .filter({ has: page.getByText('Name', { exact: true }) })
        .filter({ hasText: 'Live now' });
      await expect(change).toHaveCount(1);
      await expect(change).toContainText(`Live now${org.name}`);
      await expect(change).toContainText(`Proposed${renamed}`);
      await expect(detail(review, 'Name')).toHaveText(renamed);

      await review.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(review.getByRole('status').filter({ hasText: responseSent })).toBeVisible();
    });

    await test.step('the new name is public and the host is told', async () => {
      expect(await publicOrgName(request, orgId)).toBe(renamed);
      const mail = await waitForMail(request, host.email, `Your changes to ${renamed} are approved`);
      expect(mail.text).toContain(`The changes to ${renamed} have been reviewed and approved.`);

      await signIn(page, host);
      await page.goto('/host/dashboard');
      const card = orgCard(page, renamed);
      await expect(card.getByText('APPROVED', { exact: true })).toBeVisible();
      await expect(orgCard(page, org.name)).toHaveCount(0);
    });
  });
});
