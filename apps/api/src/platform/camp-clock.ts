import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * The day it is where a camp is, in SQL, for a statement over many camps: `now` (the database's
 * own clock when none is given) in the camp's zone (`camps.time_zone`, its organisation's, or
 * an expression naming one), as a date (decision 047). One camp's day is `campDay` from the
 * contract.
 */
export function campTodaySql(timeZone: Column | SQL, now?: Date): SQL {
  const moment = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  return sql`(${moment} at time zone ${timeZone})::date`;
}

/** The zone of the camp `campId` (a column or expression), for a statement that reads no camp row. */
export function campTimeZoneSql(campId: Column | SQL): SQL {
  return sql`(select c.time_zone from camps c where c.id = ${campId})`;
}
