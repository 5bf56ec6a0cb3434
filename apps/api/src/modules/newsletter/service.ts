import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { newsletterSubscribers } from '../../db/schema.ts';
import { errorText, processQueue, type QueueRunResult } from '../../platform/retry-queue.ts';

/** Records a sign-up; a repeat of an address already on the list changes nothing. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

const REQUEST_TIMEOUT_MS = 5000;

/**
 * Sends undelivered sign-ups to the mailing-list provider; a failure is retried later with
 * backoff, never dropped, and several instances may run this at once.
 */
export function deliverPendingSignups(
  db: Database,
  webhookUrl: string,
  now: Date = new Date(),
): Promise<QueueRunResult> {
  return processQueue<{ id: number; email: string }>(
    db,
    { table: 'newsletter_subscribers', doneColumn: 'delivered_at', attemptsColumn: 'delivery_attempts' },
    sql`email`,
    (row) => postToProvider(webhookUrl, row.email),
    now,
  );
}

async function postToProvider(webhookUrl: string, email: string): Promise<string | null> {
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.ok ? null : `provider answered ${response.status}`;
  } catch (error) {
    return errorText(error, 'provider unreachable');
  }
}
