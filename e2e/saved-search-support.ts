import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import { createApprovedOrg, createCamp, datedCamp, nextSummer } from './camp-support.ts';
import { uniqueWord } from './search-support.ts';
import { type Account, createAccount, createSubscribedHost, expect, main, waitForMail } from './support.ts';

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
    startTime: '',
    endTime: '',
    price: '300',
    capacity: '12',
    registrationOpensAt: `${year}-03-01`,
    registrationClosesAt: '',
  };
  const added = answered(
    await apiClient(request, world.host.token).POST('/host/camp/{id}/sessions', {
      params: { path: { id: world.camp.id } },
      body: week,
    }),
    201,
  );
  const { id } = added.data;
  answered(
    await apiClient(request, world.parent.token).POST('/camper/sessions/{id}/opening-notice', {
      params: { path: { id } },
    }),
    201,
  );
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
  answered(
    await apiClient(request, world.host.token).PUT('/host/sessions/{id}', {
      params: { path: { id: weekId } },
      body: { ...week, registrationOpensAt: `${Number(year) - 2}-01-01` },
    }),
    200,
  );
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
  answered(
    await apiClient(request, parent.token).POST('/camper/saved-searches', {
      body: { name, search: { term } },
    }),
    201,
  );
}
