import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { newsletterSubscribers } from '../../db/schema.ts';

/** Records a sign-up; a repeat of an address already on the list changes nothing. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<void> {
  await db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}

const BATCH_SIZE = 20;
const CLAIM_SECONDS = 120;
const REQUEST_TIMEOUT_MS = 5000;

/** Wait before the next try: 30 s, doubling per failure, at most 6 hours. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60);
}

export interface DeliveryResult {
  delivered: number;
  failed: number;
}

/**
 * Sends undelivered sign-ups to the mailing-list provider. Rows are claimed with
 * SKIP LOCKED and a short lease, so several instances can run this at once without
 * sending an address twice; a failure is retried later with backoff, never dropped.
 */
export async function deliverPendingSignups(
  db: Database,
  webhookUrl: string,
  now: Date = new Date(),
): Promise<DeliveryResult> {
  const claimed = await queryRows<{ id: number; email: string; delivery_attempts: number }>(
    db,
    sql`
    update ${newsletterSubscribers}
       set next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${CLAIM_SECONDS})
     where id in (
       select id from ${newsletterSubscribers}
        where delivered_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by id
        limit ${BATCH_SIZE}
        for update skip locked)
    returning id, email, delivery_attempts`,
  );

  const result: DeliveryResult = { delivered: 0, failed: 0 };
  for (const row of claimed) {
    const error = await postToProvider(webhookUrl, row.email);
    if (error === null) {
      await db.execute(sql`
        update ${newsletterSubscribers}
           set delivered_at = now(), delivery_attempts = delivery_attempts + 1, last_error = null
         where id = ${row.id}`);
      result.delivered += 1;
    } else {
      const attempts = row.delivery_attempts + 1;
      await db.execute(sql`
        update ${newsletterSubscribers}
           set delivery_attempts = ${attempts}, last_error = ${error},
               next_attempt_at = ${now.toISOString()}::timestamptz + make_interval(secs => ${retryDelaySeconds(attempts)})
         where id = ${row.id}`);
      result.failed += 1;
    }
  }
  return result;
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
    return error instanceof Error ? error.message.slice(0, 200) : 'provider unreachable';
  }
}
