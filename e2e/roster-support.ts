import type { Locator, Page } from '@playwright/test';
import { expect, main } from './support.ts';

/**
 * Opens a camper's side panel from the roster (a row on a wide screen, a card on a phone) and
 * returns it: health, attendance, answers and waivers, the parent, Move and Cancel live there.
 */
export async function openRosterEntry(page: Page, childName: string): Promise<Locator> {
  await main(page)
    .getByRole('button', { name: `Details of ${childName}`, exact: true })
    .filter({ visible: true })
    .click();
  const panel = page.getByRole('dialog', { name: childName, exact: true });
  await expect(panel).toBeVisible();
  return panel;
}
