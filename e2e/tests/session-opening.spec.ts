import type { APIRequestContext } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { childAged, createFamily } from '../registration-support.ts';
import { type Account, bearer, createSubscribedHost, expect, main, signIn, waitForMail } from '../support.ts';

/** A week of the camp through the host's API; the answer is its id. */
async function addWeek(
  request: APIRequestContext,
  host: Account,
  campId: number,
  week: Record<string, string>,
): Promise<number> {
  const response = await request.post(`/host/camp/${campId}/sessions`, {
    headers: bearer(host.token),
    data: week,
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

test('a parent asks to hear when a week opens, and is e-mailed once it does', async ({ page, request }) => {
  test.slow();
  const year = nextSummer().startDate.slice(0, 4);
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, 'Cedar Hollow Club');
  const camp = {
    ...datedCamp('Cedar Hollow Camp', org),
    startDate: `${year}-06-14`,
    endDate: `${year}-06-18`,
  };
  const campId = await createCamp(request, host, orgId, camp);
  const week = {
    name: 'Week 2',
    startDate: `${year}-06-21`,
    endDate: `${year}-06-25`,
    price: '450',
    capacity: '12',
    registrationOpensAt: `${year}-03-01`,
  };
  const weekId = await addWeek(request, host, campId, week);
  const { parent } = await createFamily(request, [childAged('Nora', 9)]);

  const weekRow = () => main(page).getByRole('listitem', { name: 'Week 2', exact: true });
  await test.step('the camp page says when Week 2 opens and offers Notify me', async () => {
    await signIn(page, parent);
    await page.goto(`/camps/${campId}`);
    await expect(weekRow()).toContainText('Registration opens March 1');
    await expect(weekRow().getByRole('link', { name: 'Register for Week 2' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await weekRow().getByRole('button', { name: 'Notify me when registration opens for Week 2' }).click();
    await expect(weekRow().getByRole('status')).toHaveText('We will e-mail you when it opens.');
    // Still asked after a reload.
    await page.reload();
    await expect(weekRow().getByRole('status')).toHaveText('We will e-mail you when it opens.');
  });

  await test.step('when the host opens registration, the parent is e-mailed and can register', async () => {
    const opened = await request.put(`/host/sessions/${weekId}`, {
      headers: bearer(host.token),
      data: { ...week, registrationOpensAt: `${Number(year) - 2}-01-01` },
    });
    expect(opened.status()).toBe(200);
    const mail = await waitForMail(request, parent.email, `Registration is open: ${camp.name} (Week 2)`);
    expect(mail.text).toContain(`/camps/${campId}/register?session=${weekId}`);
    await page.reload();
    await expect(weekRow().getByRole('link', { name: 'Register for Week 2' })).toBeVisible();
  });
});

test('a parent asks to hear when a spot frees up at a full week, and is e-mailed when one does', async ({
  page,
  request,
}) => {
  test.slow();
  const year = nextSummer().startDate.slice(0, 4);
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, 'Juniper Ridge Club');
  const camp = {
    ...datedCamp('Juniper Ridge Camp', org),
    startDate: `${year}-07-12`,
    endDate: `${year}-07-16`,
  };
  const campId = await createCamp(request, host, orgId, camp);
  // Week 2 has one spot, no waitlist, and another family's child in it.
  const weekId = await addWeek(request, host, campId, {
    name: 'Week 2',
    startDate: `${year}-07-19`,
    endDate: `${year}-07-23`,
    price: '300',
    capacity: '1',
  });
  const holder = await createFamily(request, [childAged('Theo', 9)]);
  const booked = await request.post(`/api/camps/${campId}/registrations`, {
    headers: bearer(holder.parent.token),
    data: {
      lines: [{ childId: holder.childIds[0], sessionId: weekId }],
      paymentMethodId: holder.cardId,
      idempotencyKey: `e2e-spot-${Date.now()}`,
    },
  });
  expect(booked.status()).toBe(201);
  const placeId = ((await booked.json()) as { data: { registrationIds: number[] } }).data.registrationIds[0];
  const { parent } = await createFamily(request, [childAged('Iris', 9)]);

  const weekRow = () => main(page).getByRole('listitem', { name: 'Week 2', exact: true });
  await test.step('the full week offers to tell the parent when a spot frees up', async () => {
    await signIn(page, parent);
    await page.goto(`/camps/${campId}`);
    await expect(weekRow()).toContainText('Full');
    await expect(weekRow().getByRole('link', { name: 'Register for Week 2' })).toHaveCount(0);
    await weekRow().getByRole('button', { name: 'Tell me when a spot frees up in Week 2' }).click();
    await expect(weekRow().getByRole('status')).toHaveText('We will e-mail you if a spot frees up.');
  });

  await test.step('when the other family cancels, the parent is e-mailed and can register', async () => {
    const cancelled = await request.post(`/camper/registrations/${placeId}/cancel`, {
      headers: bearer(holder.parent.token),
    });
    expect(cancelled.status()).toBe(200);
    const mail = await waitForMail(request, parent.email, `A spot opened: ${camp.name} (Week 2)`);
    expect(mail.text).toContain(`/camps/${campId}/register?session=${weekId}`);
    await page.reload();
    await expect(weekRow().getByRole('link', { name: 'Register for Week 2' })).toBeVisible();
  });
});
