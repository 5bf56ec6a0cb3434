import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from '../camp-support.ts';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily, type Family } from '../registration-support.ts';
import { type Account, bearer, createSubscribedHost, expect, main, signIn } from '../support.ts';

/** Adds a session through the API, as the session dialog sends it; answers its id. */
async function addSession(
  request: APIRequestContext,
  host: Account,
  campId: number,
  fields: Record<string, string | boolean>,
): Promise<number> {
  const response = await request.post(`/host/camp/${campId}/sessions`, {
    headers: bearer(host.token),
    data: {
      startTime: '',
      endTime: '',
      allowsWaitlist: false,
      registrationOpensAt: '',
      registrationClosesAt: '',
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

async function registerFor(request: APIRequestContext, family: Family, campId: number, sessionId: number) {
  const response = await request.post(`/api/camps/${campId}/registrations`, {
    headers: bearer(family.parent.token),
    data: {
      childIds: family.childIds,
      sessionId,
      paymentMethodId: family.cardId,
      idempotencyKey: `e2e-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.describe('accessibility of session screens', () => {
  test('the host’s sessions and their dialog, the camp page, the session choice and the roster have no violations', async ({
    page,
    request,
  }) => {
    test.slow();
    const year = nextSummer().startDate.slice(0, 4);
    const host = await createSubscribedHost(request);
    const { org, orgId } = await createApprovedOrg(request, host, 'Aspen Ridge Club');
    const camp = {
      ...datedCamp('Aspen Ridge Days', org),
      startDate: `${year}-06-14`,
      endDate: `${year}-06-18`,
    };
    const campId = await createCamp(request, host, orgId, camp);
    const week2 = await addSession(request, host, campId, {
      name: 'Week 2',
      startDate: `${year}-06-21`,
      endDate: `${year}-06-25`,
      startTime: '09:00',
      endTime: '12:30',
      price: '249.50',
      capacity: '1',
      allowsWaitlist: true,
    });
    await addSession(request, host, campId, {
      name: 'Week 3',
      startDate: `${year}-06-28`,
      endDate: `${year}-07-02`,
      price: '450',
      capacity: '20',
      registrationOpensAt: `${year}-05-01`,
    });
    const family = await createFamily(request, [childAged('Maya', 9)]);
    await registerFor(request, family, campId, week2);

    await test.step('the host’s camp page with its sessions, and the session dialog', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}`);
      await expect(main(page).getByRole('listitem', { name: 'Week 2' })).toContainText('1 of 1 taken');
      await expectNoAxeViolations(page);
      await main(page).getByRole('button', { name: 'Edit Week 2', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Week 2' })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the camp page with its sessions', async () => {
      await signIn(page, family.parent);
      await page.goto(`/camps/${campId}`);
      const sessions = main(page).getByRole('region', { name: 'Sessions', exact: true });
      await expect(sessions.getByText('Registration opens May 1', { exact: false })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('the registration with the session choice', async () => {
      await page.goto(`/camps/${campId}/register`);
      await expect(main(page).getByRole('checkbox', { name: /^Session 1/ })).toBeChecked();
      await camperChoice(page, 'Maya Fielding').click();
      await expectNoAxeViolations(page);
    });

    await test.step('the roster of every session', async () => {
      await signIn(page, host);
      await page.goto(`/host/camp/${campId}/roster`);
      await expect(
        main(page).getByText('Maya Fielding', { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
});
