import { SEARCH_TOTAL_CAP, type SearchQuery, type SearchResult } from '@campwise/contract/search';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { imageUrls } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { CommonWords } from './common-words.ts';
import { encodeCursor, resolveSearch } from './resolve-search.ts';
import { searchPlannerSettings, searchStatement, setForTransaction } from './search-statement.ts';

interface MatchRow extends Omit<SearchResult, 'thumbnail'> {
  largeKey: string | null;
  smallKey: string | null;
  sort_key: number;
}

/**
 * Runs a search. On PostgreSQL the statement is cancelled after `timeoutMs` (SQLSTATE 57014, which
 * the error handler answers with 503), so one pathological search cannot hold a connection.
 */
export async function searchCamps(
  db: Database,
  storage: FileStorage,
  query: SearchQuery,
  { timeoutMs, commonWords }: { timeoutMs: number; commonWords: CommonWords },
) {
  const search = await commonWords.mark(db, resolveSearch(query));
  const [result] = await db.transaction(async (tx) => {
    await tx.execute(
      setForTransaction({ statement_timeout: String(timeoutMs), ...searchPlannerSettings(search) }),
    );
    return queryRows<{ total: number; rows: MatchRow[] | string }>(tx, searchStatement(search));
  });
  const rows: MatchRow[] =
    typeof result?.rows === 'string' ? (JSON.parse(result.rows) as MatchRow[]) : (result?.rows ?? []);
  const page = rows.slice(0, search.limit);
  const last = page.at(-1);
  return {
    data: page.map(({ largeKey, smallKey, sort_key: _sortKey, ...camp }) => ({
      ...camp,
      distanceMiles: camp.distanceMiles === null ? null : Math.round(camp.distanceMiles * 10) / 10,
      thumbnail: imageUrls(storage, largeKey && smallKey ? { largeKey, smallKey } : null),
    })),
    nextCursor:
      rows.length > search.limit && last
        ? encodeCursor(search.mode, { sortKey: last.sort_key, id: last.id })
        : null,
    total: Math.min(result?.total ?? 0, SEARCH_TOTAL_CAP),
    totalCapped: (result?.total ?? 0) > SEARCH_TOTAL_CAP,
  };
}
