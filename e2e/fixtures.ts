import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Response } from '@playwright/test';

export type UserType = 'host' | 'camper';

interface Options {
  /** Console errors a test expects (for example a rejected request it provokes on purpose). */
  allowedConsoleErrors: RegExp[];
  /** Whether opening a page waits for the app to take it over; false to use it before its script. */
  waitsForApp: boolean;
}

/**
 * The test runner's `test`, with two guards: a `console.error` or an uncaught exception in the
 * page fails the test. The third, that nothing outside this machine is ever contacted, is the
 * browser's own (its launch options in playwright.config.ts), so a request that tries fails
 * to load and its console error fails the test too.
 */
export const test = base.extend<Options>({
  allowedConsoleErrors: [[], { option: true }],
  waitsForApp: [true, { option: true }],

  page: async ({ page, allowedConsoleErrors, javaScriptEnabled, waitsForApp, baseURL }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
      const { url, lineNumber } = message.location();
      problems.push(`console.error: ${text}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => {
      problems.push(`uncaught ${error.name}: ${error.message}`);
    });
    // A public page arrives rendered and answers clicks once the app has hydrated it; a person
    // waits for that by looking, a test by the mark the app sets. Another site's page (a host's
    // own, holding the booking widget) has no such mark.
    const appReady = async (response: Response | null) => {
      const ours = baseURL !== undefined && (response?.url().startsWith(baseURL) ?? false);
      const isPage = ours && (response?.headers()['content-type']?.startsWith('text/html') ?? false);
      if (isPage && javaScriptEnabled !== false && waitsForApp) await waitForApp(page);
      return response;
    };
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => appReady(await goto(url, options));
    page.reload = async (options) => appReady(await reload(options));

    await use(page);

    expect(problems, 'the page logged errors or threw').toEqual([]);
  },
});

export { expect };

/**
 * Waits until the app has taken the page over (page.goto and page.reload wait by themselves;
 * a page the app loads itself, such as the home page after Logout, needs this).
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

type AxeViolation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describeViolation(violation: AxeViolation): string {
  const lines = [
    `${violation.id} [${violation.impact ?? 'unknown'}] ${violation.help}`,
    `  ${violation.helpUrl}`,
  ];
  for (const node of violation.nodes) {
    lines.push(`  at ${node.target.join(' ')}`, `    ${node.html}`);
    const summary = (node.failureSummary ?? '').split('\n').map((line) => `    ${line.trim()}`);
    lines.push(...summary);
  }
  return lines.join('\n');
}

/** Waits until CSS transitions and finite animations (a modal opening, say) have finished. */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Runs axe (WCAG 2.0 and 2.1, levels A and AA) on the page and expects no violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await waitForAnimations(page);
  const results = await new AxeBuilder({ page })
    // Only the violations are read: axe then reports the passing checks without listing every
    // node they passed on, a quarter less of its time and half the runner's (violations in full).
    // Set first, as `options` replaces what `withTags` sets.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .analyze();
  if (results.violations.length === 0) return;
  await test.info().attach('axe-violations.json', {
    body: JSON.stringify(results.violations, null, 2),
    contentType: 'application/json',
  });
  const report = results.violations.map(describeViolation).join('\n\n');
  expect(results.violations.length, `axe found violations on ${page.url()}:\n\n${report}\n`).toBe(0);
}
