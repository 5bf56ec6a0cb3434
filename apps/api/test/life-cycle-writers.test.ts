import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  finalStatuses,
  instalmentMoves,
  paymentMoves,
  payoutMoves,
  placeMoves,
  refundMoves,
  type StatusGraph,
} from '@campwise/contract/life-cycles';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { lifeCycle, UndeclaredMoveError } from '../src/platform/life-cycle.ts';

const SOURCE = join(import.meta.dirname, '../src');

/** The tables whose `status` only their life cycle's writer may change. */
const GUARDED_TABLES = new Map([
  ['registrations', 'registrations'],
  ['payments', 'payments'],
  ['instalments', 'instalments'],
  ['hostPayouts', 'host_payouts'],
  ['refunds', 'refunds'],
]);
/** The writer itself (the demo and bench seeds insert rows as they stand; they move none). */
const ALLOWED = new Set(['platform/life-cycle.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `db.update(table).set({ ..., status })`: the table updated, when `set` names a status. */
function drizzleStatusWrites(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'set'
    ) {
      const receiver = node.expression.expression;
      const [values] = node.arguments;
      if (
        ts.isCallExpression(receiver) &&
        ts.isPropertyAccessExpression(receiver.expression) &&
        receiver.expression.name.text === 'update' &&
        receiver.arguments[0] &&
        ts.isIdentifier(receiver.arguments[0]) &&
        GUARDED_TABLES.has(receiver.arguments[0].text) &&
        values &&
        namesStatus(values)
      ) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
        found.push(`${receiver.arguments[0].text} (line ${line + 1})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** Whether a `set(...)` argument may carry a status: a literal naming it, or anything not a literal. */
function namesStatus(values: ts.Expression): boolean {
  if (!ts.isObjectLiteralExpression(values)) return true;
  return values.properties.some(
    (property) =>
      ts.isSpreadAssignment(property) ||
      (property.name !== undefined &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
        property.name.text === 'status'),
  );
}

/** `update payments set ... status = ...` in a statement written as text. */
function sqlStatusWrites(text: string): string[] {
  const tables = [...GUARDED_TABLES.values()].join('|');
  const pattern = new RegExp(`\\bupdate\\s+(${tables})\\b[^;\`]*?\\bset\\b[^;\`]*?\\bstatus\\s*=`, 'gi');
  return [...text.matchAll(pattern)].map((match) => `${match[1]} (SQL)`);
}

describe('life cycles', () => {
  it('change a status only through their writer', () => {
    const offenders = sourceFiles(SOURCE).flatMap((path) => {
      const name = relative(SOURCE, path);
      if (ALLOWED.has(name)) return [];
      const text = readFileSync(path, 'utf8');
      const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
      return [...drizzleStatusWrites(file), ...sqlStatusWrites(text)].map((write) => `${name}: ${write}`);
    });
    expect(offenders).toEqual([]);
  });

  it('finds a status written around the writer', () => {
    const file = ts.createSourceFile(
      'probe.ts',
      `await db.update(payments).set({ status: 'refunded' });
       await db.update(registrations).set(patch);
       await db.update(payments).set({ refundedCents: 5 });
       await db.update(camps).set({ status: 'x' });`,
      ts.ScriptTarget.Latest,
      true,
    );
    expect(drizzleStatusWrites(file)).toEqual(['payments (line 1)', 'registrations (line 2)']);
    expect(sqlStatusWrites("sql`update refunds set attempts = 2, status = 'sent'`")).toEqual([
      'refunds (SQL)',
    ]);
    expect(sqlStatusWrites('sql`update camps set status = 1`')).toEqual([]);
  });

  it('declare graphs whose moves lead to statuses of their own, each with a final status', () => {
    const graphs: StatusGraph<string>[] = [
      placeMoves,
      paymentMoves,
      instalmentMoves,
      payoutMoves,
      refundMoves,
    ];
    for (const graph of graphs) {
      for (const targets of Object.values<readonly string[]>(graph)) {
        for (const target of targets) expect(Object.keys(graph)).toContain(target);
      }
      expect(finalStatuses(graph).length).toBeGreaterThan(0);
    }
  });
});

describe('a life cycle writer', () => {
  const probes = pgTable('life_cycle_probes', {
    id: serial('id').primaryKey(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull(),
    attempts: integer('attempts').notNull(),
  });
  const probeStatus = lifeCycle('probe', probes, refundMoves);
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = openDatabase({ kind: 'pglite', dataDir: null });
    await database.db.execute(
      sql`create table life_cycle_probes (id serial primary key, status text not null, attempts integer not null)`,
    );
  });
  afterAll(() => database.close());

  async function probe(status: 'pending' | 'sent' | 'failed') {
    const [row] = await database.db.insert(probes).values({ status, attempts: 0 }).returning();
    return row?.id ?? 0;
  }

  it('moves along a declared edge with its patch', async () => {
    const id = await probe('pending');
    expect(await probeStatus.move(database.db, id, 'pending', 'sent', { attempts: 1 })).toMatchObject({
      id,
      status: 'sent',
      attempts: 1,
    });
  });

  it('refuses an undeclared move before writing anything', async () => {
    const id = await probe('sent');
    await expect(probeStatus.move(database.db, id, 'sent', 'pending')).rejects.toThrow(UndeclaredMoveError);
    const [row] = await database.db.select().from(probes).where(eq(probes.id, id));
    expect(row?.status).toBe('sent');
  });

  it('moves a row once when two moves race from the same status', async () => {
    const id = await probe('pending');
    const [sent, failed] = await Promise.all([
      probeStatus.move(database.db, id, 'pending', 'sent'),
      probeStatus.move(database.db, id, 'pending', 'failed'),
    ]);
    expect([sent, failed].filter((row) => row !== null)).toHaveLength(1);
    expect(await probeStatus.move(database.db, id, 'pending', 'sent')).toBeNull();
  });
});
