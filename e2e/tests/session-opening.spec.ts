import type { APIRequestContext } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from '../camp-support.ts';
import { test } from '../fixtures.ts';
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
