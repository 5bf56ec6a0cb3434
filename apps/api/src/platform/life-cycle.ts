import { canMove, type StatusGraph } from '@campwise/contract/life-cycles';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

/** A move the life cycle does not declare: a mistake in the code, never the user's. */
export class UndeclaredMoveError extends Error {}

type StatusTable = PgTable & { id: PgColumn; status: PgColumn; updatedAt?: PgColumn };
type Patch<T extends PgTable> = Omit<PgUpdateSetSource<T>, 'status'>;

/**
 * The one writer of a life cycle's status column. Every move names the statuses it moves from,
 * is checked against the declared graph before anything is written, and is a compare-and-set:
 * only rows still in one of those statuses move, so two instances racing over a row cannot both
 * move it. Answers the rows that moved.
 */
export function lifeCycle<T extends StatusTable, S extends string>(
  name: string,
  table: T,
  graph: StatusGraph<S>,
) {
  const edgesTo = (from: S | readonly S[], to: S): S[] => {
    const sources = typeof from === 'string' ? [from as S] : [...(from as readonly S[])];
    for (const source of sources) {
      if (!canMove(graph, source, to))
        throw new UndeclaredMoveError(`${name}: ${source} → ${to} is not a move`);
    }
    return sources;
  };

  /** Moves every row matching `where` that is in one of `from`. */
  async function moveWhere(
    db: Database,
    where: SQL | undefined,
    from: S | readonly S[],
    to: S,
    patch: Patch<T> = {} as Patch<T>,
  ): Promise<T['$inferSelect'][]> {
    const sources = edgesTo(from, to);
    const values = { ...patch, status: to } as PgUpdateSetSource<T>;
    const rows = await db
      .update(table as PgTable)
      .set(values as PgUpdateSetSource<PgTable>)
      .where(and(where, inArray(table.status, sources)))
      .returning();
    return rows as T['$inferSelect'][];
  }

  return {
    name,
    graph,
    /** Moves one row, or answers null when it is no longer in one of `from`. */
    async move(
      db: Database,
      id: T['$inferSelect']['id'],
      from: S | readonly S[],
      to: S,
      patch?: Patch<T>,
    ): Promise<T['$inferSelect'] | null> {
      const [row] = await moveWhere(db, eq(table.id, id), from, to, patch);
      return row ?? null;
    },
    moveWhere,
  };
}
