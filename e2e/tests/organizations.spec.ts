import { writeFile } from 'node:fs/promises';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import {
  addressLine,
  adminAccount,
  chooseImage,
  createAccount,
  createOrg,
  createSubscribedHost,
  decideOrg,
  detail,
  enterAuthenticatorCode,
  expect,
  fillOrgForm,
  imageLoaded,
  logInThroughForm,
  main,
  orgCard,
  pngImage,
  signIn,
  stateOption,
  uniqueOrg,
  updateOrg,
  waitForMail,
} from '../support.ts';

const requiredFields = 'Please fill in all required(*) fields';
const centralTime = 'Central Time';
const pacificTime = 'Pacific Time';
const responseSent = 'Response sent! You can close this window';

test.describe('a host’s organizations', () => {
  test('a host adds an organization, the administrator approves it and the host opens its profile', async ({
    page,
    request,
    baseURL,
  }) => {
    // Two people and many screens; it may take a while on a busy machine.
    test.setTimeout(120_000);
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Maple Hollow Day Camp');
    const thumbnail = test.info().outputPath('maple-hollow.png');
    await writeFile(thumbnail, await pngImage('#2f7d4f'));
    const dialog = page.getByRole('dialog', { name: 'New Organization' });
    const consent = page.getByRole('dialog', { name: 'Verification Consent' });
    let orgId = 0;

    await test.step('starts with no organizations', async () => {
      await signIn(page, host);
      await page.goto('/host/dashboard');
      await expect(main(page).getByRole('heading', { level: 1, name: 'My Organizations' })).toBeVisible();
      await expect(
        main(page).getByRole('heading', { level: 2, name: 'No Organizations Added Yet' }),
      ).toBeVisible();
    });

    await test.step('is told to fill in a required field left empty', async () => {
      await main(page).getByRole('button', { name: '+ New Organization', exact: true }).click();
      await expect(dialog).toBeVisible();
      await fillOrgForm(dialog, { ...org, contactName: undefined });
      await chooseImage(dialog, 'Thumbnail', thumbnail);
      await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();

      await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
      await expect(dialog.getByRole('alert')).toHaveText(requiredFields);
      const contactName = dialog.getByRole('textbox', { name: 'Contact Name', exact: true });
      await expect(contactName).toBeFocused();
      await expect(contactName).toHaveAttribute('aria-invalid', 'true');
      await expect(consent).toBeHidden();
      await expectNoAxeViolations(page);
    });

    await test.step('reads the consent, denies it and finds the form as it was', async () => {
      await dialog.getByRole('textbox', { name: 'Contact Name', exact: true }).fill(org.contactName);
      await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
      await expect(consent).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(consent).toContainText(`Before ${org.name} can be listed on Campwise`);
      await expect(consent).toContainText(`on its contact person, ${org.contactName}.`);
      await expectNoAxeViolations(page);

      await consent.getByRole('button', { name: 'Deny', exact: true }).click();
      await expect(consent).toBeHidden();
      await expect(dialog).toBeVisible();
      const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
      await expect(field('Name')).toHaveValue(org.name);
      await expect(field('Address')).toHaveValue(org.address);
      await expect(field('State')).toHaveValue(stateOption(org.state));
      await expect(field('Phone')).toHaveValue(org.phone);
      await expect(field('Contact Name')).toHaveValue(org.contactName);
      await expect(field('Contact Phone')).toHaveValue(org.contactNumber);
      // The time zone was suggested from the ZIP (Springfield, IL).
      await expect(field('Time zone')).toHaveValue(centralTime);
      await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
      await expect(dialog.getByRole('alert')).toBeHidden();
    });

    await test.step('approves the consent; the organization is sent and waits for review', async () => {
      await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
      await expect(consent).toBeVisible();

      // The upload is held until its progress has been seen.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/host/orgs', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.fallback();
      });
      const created = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/host/orgs'),
      );
      await consent.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(consent.getByText('Sending your organization and its thumbnail…')).toBeVisible();
      // Nothing has gone yet, so the bar has no width to be seen by.
      await expect(consent.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
        'aria-valuenow',
        '0',
      );
      await expect(consent.getByRole('button', { name: 'Deny', exact: true })).toBeDisabled();
      release();
      const response = await created;
      expect(response.status()).toBe(201);
      orgId = ((await response.json()) as { data: { id: number } }).data.id;
      await page.unroute('**/host/orgs');

      await expect(consent).toBeHidden();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('alert').filter({ hasText: 'Organization added' })).toBeVisible();
      const card = orgCard(page, org.name);
      await expect(card.getByText('PENDING REVIEW', { exact: true })).toBeVisible();
      await expect(card.getByRole('link', { name: org.name, exact: true })).toHaveCount(0);
      await expect(card.locator('img')).toHaveCSS('opacity', '0.5');
      await expect(
        main(page).getByRole('heading', { level: 2, name: 'No Organizations Added Yet' }),
      ).toBeHidden();
    });

    await test.step('the administrator signs in and finds it waiting', async () => {
      await page.goto('/admin/login');
      await expect(
        main(page).getByRole('heading', { level: 1, name: 'Administrator sign in' }),
      ).toBeVisible();
      await logInThroughForm(page, adminAccount.email, adminAccount.password);
      await enterAuthenticatorCode(page, adminAccount.totpSecret);
      await expect(page).toHaveURL('/admin');
      await expect(main(page).getByRole('heading', { level: 1, name: 'Review Queue' })).toBeVisible();

      const item = main(page).getByRole('listitem').filter({ hasText: org.name });
      await expect(item.getByText('New organization', { exact: true })).toBeVisible();
      await expect(item).toContainText(`From Robin Fielding (${host.email})`);
      // Other journeys add organizations too: the count matches the new ones listed.
      const newCount = main(page).getByText('New organizations', { exact: true }).locator('xpath=..');
      const listedNew = main(page)
        .getByRole('listitem')
        .filter({ has: page.getByText('New organization', { exact: true }) });
      await expect
        .poll(
          async () => {
            const shown = Number((await newCount.innerText()).match(/^\d+/)?.[0]);
            return shown >= 1 && shown === (await listedNew.count());
          },
          { message: 'the count of new organizations matches the list' },
        )
        .toBe(true);

      await item.getByRole('link', { name: org.name, exact: true }).click();
      await expect(page).toHaveURL(`/admin/revieworg/${orgId}`);
    });

    await test.step('reviews the organization and approves it', async () => {
      const review = main(page);
      await expect(review.getByRole('heading', { level: 1, name: 'Organization Review' })).toBeVisible();
      await expect(review.getByText(`Host: Robin Fielding (${host.email})`, { exact: true })).toBeVisible();
      await expect(detail(review, 'Name')).toHaveText(org.name);
      await expect(detail(review, 'Address')).toHaveText(addressLine(org));
      await expect(review.getByRole('term').filter({ hasText: /^Contact$/ })).toBeVisible();
      await expect(detail(review, 'Organization phone')).toHaveText(org.phone);
      await expect(detail(review, 'Website')).toHaveText(org.website.replace('https://', ''));
      await expect(detail(review, 'Contact point name')).toHaveText(org.contactName);
      await expect(detail(review, 'Contact point phone')).toHaveText(org.contactNumber);
      await expect(detail(review, 'Contact point email')).toHaveText(org.contactEmail);
      await expect(detail(review, 'Organization Bio')).toHaveText(org.bio);
      const image = review.getByRole('img', { name: `${org.name} thumbnail` });
      await expect(image).toBeVisible();
      await expect.poll(() => imageLoaded(image)).toBe(true);

      await review.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect(review.getByRole('status').filter({ hasText: responseSent })).toBeVisible();
    });

    await test.step('the host is told by e-mail', async () => {
      const mail = await waitForMail(request, host.email, `${org.name} is approved`);
      expect(mail.text).toContain(`Your organization ${org.name} has been reviewed and approved.`);
      expect(mail.text).toContain(`${baseURL}/host/dashboard`);
    });

    await test.step('the host opens the approved organization', async () => {
      await signIn(page, host);
      await page.goto('/host/dashboard');
      const card = orgCard(page, org.name);
      await expect(card.getByText('APPROVED', { exact: true })).toBeVisible();
      await expect(card.locator('img')).toHaveCSS('opacity', '1');
      const link = card.getByRole('link', { name: org.name, exact: true });
      await expect(link).toHaveAttribute('href', `/host/org/${orgId}`);
      await link.click();

      await expect(page).toHaveURL(`/host/org/${orgId}`);
      const profile = main(page);
      await expect(profile.getByRole('heading', { level: 1, name: org.name })).toBeVisible();
      await expect(profile.getByText(addressLine(org), { exact: true })).toBeVisible();
      await expect(profile.getByRole('link', { name: org.phone, exact: true })).toHaveAttribute(
        'href',
        `tel:${org.phone}`,
      );
      await expect(profile.getByRole('link', { name: org.contactEmail, exact: true })).toBeVisible();
      await expect(profile.getByText(org.contactName, { exact: true })).toBeVisible();
      await expect(profile.getByText(org.bio, { exact: true })).toBeVisible();
      await expect(
        profile.getByText('Central Time — Chicago, Austin, Minneapolis, Nashville', { exact: true }),
      ).toBeVisible();
      const image = profile.getByRole('img', { name: `${org.name} thumbnail` });
      await expect.poll(() => imageLoaded(image)).toBe(true);
      await expectNoAxeViolations(page);
      await expect(profile.getByRole('link', { name: 'Edit', exact: true })).toHaveAttribute(
        'href',
        `/host/editorg/${orgId}`,
      );
      await profile.getByRole('link', { name: 'View Camps', exact: true }).click();
      await expect(page).toHaveURL(`/host/org/${orgId}/camps`);
    });
  });

  test('the host replaces the thumbnail and deletes the organization', async ({ page, request }) => {
    // A save and a reload more than the thumbnail's journey, on a machine shared with the server.
    test.setTimeout(90_000);
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Juniper Creek Camp');
    const orgId = await createOrg(request, host, org);
    await decideOrg(request, orgId, { approved: true });
    const thumbnail = test.info().outputPath('juniper-creek.png');
    await writeFile(thumbnail, await pngImage('#c2571a'));

    await test.step('opens the edit page from the profile', async () => {
      await signIn(page, host);
      await page.goto(`/host/org/${orgId}`);
      await main(page).getByRole('link', { name: 'Edit', exact: true }).click();
      await expect(page).toHaveURL(`/host/editorg/${orgId}`);
      await expect(main(page).getByRole('heading', { level: 1, name: 'Edit organization' })).toBeVisible();
      await expect(main(page).getByText('No thumbnail yet', { exact: false })).toBeVisible();
    });

    await test.step('sets the time zone its camps run on and finds it kept, with nothing to review', async () => {
      const form = main(page);
      const zone = form.getByRole('textbox', { name: 'Time zone', exact: true });
      await expect(zone).toHaveValue(centralTime);
      await zone.fill('Seattle');
      // Found by a place: the option names the zone and its places.
      await page.getByRole('option', { name: /^Pacific Time/ }).click();
      await expect(zone).toHaveValue(pacificTime);
      await form.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(
        form.getByRole('status').filter({ hasText: 'Organization details updated!' }),
      ).toBeVisible();
      await page.reload();
      await expect(main(page).getByRole('textbox', { name: 'Time zone', exact: true })).toHaveValue(
        pacificTime,
      );
      // Nothing waits for review: the organisation has no revision.
      await expect(main(page).getByText('Your earlier changes are waiting for review')).toHaveCount(0);
    });

    await test.step('is asked for an image, then updates the thumbnail', async () => {
      const section = main(page);
      await section.getByRole('button', { name: 'Update Thumbnail', exact: true }).click();
      await expect(
        section.getByText('Must upload an image in order to update thumbnail', { exact: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);

      await chooseImage(section, 'New thumbnail', thumbnail);
      await expect(section.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
      await expect(
        section.getByText('Must upload an image in order to update thumbnail', { exact: true }),
      ).toBeHidden();
      await section.getByRole('button', { name: 'Update Thumbnail', exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Thumbnail updated!' })).toBeVisible();
      const current = section.getByRole('img', { name: `Current thumbnail of ${org.name}` });
      await expect.poll(() => imageLoaded(current)).toBe(true);
      await expect(section.getByText('No thumbnail yet', { exact: false })).toBeHidden();
      await expect(section.getByRole('img', { name: 'Preview of the chosen image' })).toBeHidden();
    });

    await test.step('deletes the organization after confirming', async () => {
      await main(page).getByRole('button', { name: 'Delete Organization', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete organization' });
      await expect(
        confirm.getByText('Are you sure you wish to delete this org?', { exact: true }),
      ).toBeVisible();
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();

      await expect(page).toHaveURL('/host/orgs');
      await expect(page.getByRole('alert').filter({ hasText: `${org.name} was deleted.` })).toBeVisible();
      await expect(
        main(page).getByRole('heading', { level: 2, name: 'No Organizations Added Yet' }),
      ).toBeVisible();
      await expect(orgCard(page, org.name)).toHaveCount(0);
      const gone = await request.get(`/api/orgs/${orgId}`);
      expect(gone.status()).toBe(404);
    });
  });

  test('a host who has not subscribed is sent to subscribe', async ({ page, request }) => {
    const host = await createAccount(request, 'host');
    await signIn(page, host);
    await page.goto('/host/dashboard');
    await expect(page).toHaveURL('/host/subscribe');
    await expect(main(page).getByRole('heading', { level: 1, name: 'Subscribe Today' })).toBeVisible();
  });

  test('the dashboard shows organizations in every state, with their thumbnails, and has no violations', async ({
    page,
    request,
  }) => {
    // A dozen calls to set up five organizations, then one screen checked by axe.
    test.slow();
    const host = await createSubscribedHost(request);
    const thumbnail = await pngImage('#3b6e8f');
    const pending = uniqueOrg('Aspen Trail Camp');
    const denied = uniqueOrg('Birchwood Sports Academy');
    const approved = uniqueOrg('Clearwater Paddling Club');
    const revising = uniqueOrg('Dogwood Art Studio');
    const revisionDenied = uniqueOrg('Elm Street Theater Camp');

    await createOrg(request, host, pending, thumbnail);
    const deniedId = await createOrg(request, host, denied);
    await decideOrg(request, deniedId, { approved: false, reason: 'Please add your full street address' });
    const approvedId = await createOrg(request, host, approved, thumbnail);
    await decideOrg(request, approvedId, { approved: true });
    const revisingId = await createOrg(request, host, revising);
    await decideOrg(request, revisingId, { approved: true });
    await updateOrg(request, host, revisingId, {
      ...revising,
      bio: 'Painting and pottery for ages 6 to 14.',
    });
    const revisionDeniedId = await createOrg(request, host, revisionDenied);
    await decideOrg(request, revisionDeniedId, { approved: true });
    await updateOrg(request, host, revisionDeniedId, { ...revisionDenied, phone: '217-555-0999' });
    await decideOrg(request, revisionDeniedId, { approved: false, reason: 'That number does not answer.' });

    await signIn(page, host);
    await page.goto('/host/dashboard');
    const cards = main(page).getByRole('article');
    await expect(cards).toHaveCount(5);
    await expect(orgCard(page, pending.name).getByText('PENDING REVIEW', { exact: true })).toBeVisible();
    await expect(orgCard(page, denied.name).getByText('DENIED', { exact: true })).toBeVisible();
    await expect(orgCard(page, revising.name).getByText('Changes in review', { exact: true })).toBeVisible();
    await expect(
      orgCard(page, revisionDenied.name).getByText('Changes not approved', { exact: true }),
    ).toBeVisible();
    await expect(orgCard(page, approved.name).getByText('APPROVED', { exact: true })).toBeVisible();
    for (const image of await cards.locator('img').all()) {
      await expect.poll(() => imageLoaded(image)).toBe(true);
    }
    await expectNoAxeViolations(page);
  });

  test('on a phone the new organization dialog fills the screen', { tag: '@phone' }, async ({
    page,
    request,
  }) => {
    const host = await createSubscribedHost(request);
    const org = uniqueOrg('Ironwood Climbing Camp');
    const thumbnail = test.info().outputPath('ironwood.png');
    await writeFile(thumbnail, await pngImage('#4f7a3b'));

    await signIn(page, host);
    await page.goto('/host/dashboard');
    await expect(
      main(page).getByRole('heading', { level: 2, name: 'No Organizations Added Yet' }),
    ).toBeVisible();
    await main(page).getByRole('button', { name: '+ New Organization', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Organization' });
    await expect(dialog).toBeVisible();

    const viewport = page.viewportSize();
    const box = await dialog.boundingBox();
    const phone = (viewport?.width ?? 0) <= 768;
    // Full screen below the tablet breakpoint, a centred dialog above it.
    expect(box?.width === viewport?.width, `the dialog fills the width: ${JSON.stringify(box)}`).toBe(phone);

    await fillOrgForm(dialog, org);
    await chooseImage(dialog, 'Thumbnail', thumbnail);
    await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
    await expectNoAxeViolations(page);

    await dialog.getByRole('button', { name: 'Add Organization', exact: true }).click();
    const consent = page.getByRole('dialog', { name: 'Verification Consent' });
    await consent.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(consent).toBeHidden();
    const card = main(page).getByRole('article').filter({ hasText: org.name });
    await expect(card.getByText('PENDING REVIEW', { exact: true })).toBeVisible();
  });
});
