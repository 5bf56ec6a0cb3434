import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, test } from '../fixtures.ts';
import { camperChoice, childAged, createFamily, createListedCamp } from '../registration-support.ts';
import { expect, main, signIn } from '../support.ts';

/** A host's own website: a plain page on another port (another origin) holding what they pasted. */
async function hostWebsite(snippet: string): Promise<{ url: string; server: Server }> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Heron Lake Club</title></head>
<body style="font-family: sans-serif; max-width: 720px; margin: 24px auto; padding: 0 16px">
<h1>Heron Lake Club</h1><p>Paddling and lake days every summer. Book your week below.</p>
${snippet}
<p>Questions? Call us.</p></body></html>`;
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // "localhost" rather than the app's "127.0.0.1": another site, as a host's own would be.
  return { url: `http://localhost:${port}/`, server };
}

const snippetBox = (page: Page, label: string) =>
  main(page).getByRole('textbox', { name: label, exact: true });

test('a host puts the booking widget on their own website and a parent books through it', async ({
  page,
  request,
}) => {
  test.slow();
  const listed = await createListedCamp(request, 'Heron Lake Paddling');
  const family = await createFamily(request, [childAged('Nora', 9)]);
  let website: { url: string; server: Server } | null = null;

  try {
    let snippet = '';
    await test.step('the host chooses a colour and a font on the organization page and copies the script tag', async () => {
      await signIn(page, listed.host);
      await page.goto(`/host/org/${listed.orgId}`);
      const card = main(page).getByRole('region', { name: 'Booking widget for your website' });
      await expect(card).toBeVisible();
      await card.getByRole('textbox', { name: 'Button color', exact: true }).fill('#1c7ed6');
      await card.getByRole('textbox', { name: 'Font', exact: true }).click();
      await page.getByRole('option', { name: 'Serif (classic)', exact: true }).click();
      await expect(snippetBox(page, 'Script tag')).toHaveValue(
        /^<script src="http:\/\/127\.0\.0\.1:\d+\/widget\/embed\.js" data-org="\d+" data-color="1c7ed6" data-font="serif" async><\/script>$/,
      );
      // The preview is the widget itself, as families will see it, in the colour and font chosen.
      await expect(page.locator('iframe[title^="Booking widget of"]')).toHaveAttribute(
        'src',
        /\/widget\/orgs\/\d+\?color=1c7ed6&font=serif$/,
      );
      const preview = page.frameLocator(`iframe[title^="Booking widget of"]`);
      await expect(preview.getByRole('heading', { level: 2, name: listed.camp.name })).toBeVisible();
      await expectNoAxeViolations(page);
      snippet = await snippetBox(page, 'Script tag').inputValue();
    });

    await test.step('pasted into a plain page of another site, the widget shows the sessions at its own height', async () => {
      website = await hostWebsite(snippet);
      await signIn(page, family.parent);
      await page.goto(website.url);
      const frameElement = page.locator('iframe[title="Book a camp"]');
      const widget = page.frameLocator('iframe[title="Book a camp"]');
      await expect(
        widget.getByRole('heading', { level: 1, name: `Book with ${listed.orgName}` }),
      ).toBeVisible();
      await expect(widget.getByRole('heading', { level: 2, name: listed.camp.name })).toBeVisible();
      await expect(widget.getByText('24 spots left', { exact: true })).toBeVisible();
      await expect(widget.getByText(`$${listed.camp.cost}`, { exact: true })).toBeVisible();
      // The frame grows to what it shows (past a frame's own 150 px), so the site's page needs no
      // second scroll bar.
      const shown = await widget.locator('html').evaluate((html) => html.scrollHeight);
      expect(shown).toBeGreaterThan(150);
      await expect.poll(async () => Math.round((await frameElement.boundingBox())?.height ?? 0)).toBe(shown);
    });

    await test.step('Book opens the Campwise checkout in a new tab, and the parent pays there', async () => {
      const widget = page.frameLocator('iframe[title="Book a camp"]');
      const opened = page.context().waitForEvent('page');
      await widget.getByRole('link', { name: new RegExp(`^Book ${listed.camp.name}`) }).click();
      const checkout = await opened;
      await expect(checkout).toHaveURL(
        new RegExp(`/camps/${listed.campId}/register\\?session=\\d+&via=widget$`),
      );
      await camperChoice(checkout, 'Nora Fielding').click();
      const pay = main(checkout).getByRole('button', { name: `Pay $${listed.camp.cost}` });
      await expect(pay).toBeEnabled();
      await pay.click();
      await expect(
        main(checkout).getByRole('heading', { level: 2, name: 'You are registered!' }),
      ).toBeVisible();
      await checkout.close();
    });

    await test.step("the host's insights count the place as booked on their site", async () => {
      await signIn(page, listed.host);
      await page.goto(`/host/insights?orgId=${listed.orgId}`);
      const booked = main(page).getByRole('group', { name: 'Via your site', exact: true });
      await expect(booked).toBeVisible({ timeout: 60_000 });
      await expect(booked).toContainText('1');
      await expect(main(page).getByRole('group', { name: 'Places sold', exact: true })).toContainText('1');
    });
  } finally {
    await new Promise((resolve) => (website ? website.server.close(resolve) : resolve(undefined)));
  }
});
