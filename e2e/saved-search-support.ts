import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from './camp-support.ts';
import { uniqueWord } from './search-support.ts';
import {
  type Account,
  bearer,
  createAccount,
  createSubscribedHost,
  expect,
  main,
  waitForMail,
} from './support.ts';

export interface AlertWorld {
  parent: Account;
  host: Account;
  /** A word only this world's camp has in its name. */
  word: string;
  camp: { id: number; name: string };
}

/** A parent, and a listed camp whose name holds a word no other camp has. */
export async function createAlertWorld(request: APIRequestContext, label: string): Promise<AlertWorld> {
  const word = uniqueWord();
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, `${label} Club`);
  const fields = datedCamp(`${label} ${word}`, org);
  const id = await createCamp(request, host, orgId, fields);
  return { parent: await createAccount(request, 'camper'), host, word, camp: { id, name: fields.name } };
}

/** A week of the world's camp whose registration opens next March, which the parent asks about. */
async function awaitedWeek(request: APIRequestContext, world: AlertWorld, name: string, startDate: string) {
  const year = startDate.slice(0, 4);
  const week = {
    name,
    startDate,
    endDate: `${year}-${startDate.slice(5, 7)}-${String(Number(startDate.slice(8)) + 4).padStart(2, '0')}`,
    price: '300',
    capacity: '12',
    registrationOpensAt: `${year}-03-01`,
  };
  const added = await request.post(`/host/camp/${world.camp.id}/sessions`, {
    headers: bearer(world.host.token),
    data: week,
  });
  expect(added.status(), await added.text()).toBe(201);
  const id = ((await added.json()) as { data: { id: number } }).data.id;
  const asked = await request.post(`/camper/sessions/${id}/opening-notice`, {
    headers: bearer(world.parent.token),
  });
  expect(asked.status(), await asked.text()).toBe(201);
  return { id, week };
}

/**
 * A "registration is open" e-mail to the parent, as the job sends it: the parent asks about two
 * weeks whose registration opens later, then the host opens the first. Answers the e-mail's
 * unsubscribe page, as a path: it stops the alert still waiting for the second week.
 */
export async function unsubscribePathFromOpeningMail(request: APIRequestContext, world: AlertWorld) {
  const year = nextSummer().startDate.slice(0, 4);
  const { id: weekId, week } = await awaitedWeek(request, world, 'Week 2', `${year}-07-27`);
  await awaitedWeek(request, world, 'Week 3', `${year}-08-03`);
  const opened = await request.put(`/host/sessions/${weekId}`, {
    headers: bearer(world.host.token),
    data: { ...week, registrationOpensAt: `${Number(year) - 2}-01-01` },
  });
  expect(opened.status(), await opened.text()).toBe(200);
  const mail = await waitForMail(
    request,
    world.parent.email,
    `Registration is open: ${world.camp.name} (Week 2)`,
  );
  const link = /Unsubscribe: (\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeDefined();
  return new URL(link ?? '').pathname;
}

/** The Saved page's section of saved searches. */
export function savedSearches(page: Page): Locator {
  return main(page).getByRole('region', { name: 'Saved searches', exact: true });
}

/** One saved search on the Saved page, by its name. */
export function savedSearch(page: Page, name: string): Locator {
  return savedSearches(page).getByRole('article', { name, exact: true });
}

/** Saves a search through the API, as the dialog does. */
export async function saveSearchThroughApi(
  request: APIRequestContext,
  parent: Account,
  name: string,
  term: string,
) {
  const response = await request.post('/camper/saved-searches', {
    headers: bearer(parent.token),
    data: { name, search: { term } },
  });
  expect(response.status(), await response.text()).toBe(201);
}
