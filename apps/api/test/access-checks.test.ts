import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROLE_RIGHTS, roleHasRight, rolesWithRight, TEAM_RIGHTS } from '@campwise/contract/team-roles';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '../src/modules');

/**
 * Code that names an organisation's owner as a person, not as who may act on it: their own
 * earnings and payout account (the owner is the payee), and their own account's export,
 * deletion and audit record.
 */
const OWNER_AS_PERSON = new Set([
  'audit/service.ts',
  'conversations/export-conversations.ts',
  'payouts/earnings.ts',
  'payouts/payout-accounts.ts',
  'privacy/delete-account.ts',
  'privacy/export-account.ts',
]);

/** A test of the owner's id against a person: `eq(organizations.hostId, x)` or SQL's `host_id = ${x}`. */
const INLINE_OWNERSHIP = [/eq\(\s*organizations\.hostId\s*,\s*[a-z]/, /host_id\s*=\s*\$\{/];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('who may act on an organisation', () => {
  it('is asked of the access module only: no module tests ownership inline (decision 057)', () => {
    const found = sourceFiles(MODULES).flatMap((path) => {
      const name = relative(MODULES, path);
      if (name.startsWith('access/') || OWNER_AS_PERSON.has(name)) return [];
      return readFileSync(path, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          INLINE_OWNERSHIP.some((pattern) => pattern.test(line))
            ? [`${name}:${index + 1}: ${line.trim()}`]
            : [],
        );
    });
    expect(found).toEqual([]);
  });

  it('finds an inline check when there is one', () => {
    const probe = 'await db.select().from(camps).where(eq(organizations.hostId, hostId));';
    expect(INLINE_OWNERSHIP.some((pattern) => pattern.test(probe))).toBe(true);
    const rawProbe = ['sql`o.host_id = ', '$', '{hostId}`'].join('');
    expect(INLINE_OWNERSHIP.some((pattern) => pattern.test(rawProbe))).toBe(true);
  });

  it('gives the owner every right, managers no money or team, staff only check-in', () => {
    expect(ROLE_RIGHTS.owner).toEqual(TEAM_RIGHTS);
    for (const right of ['money', 'team', 'org:delete'] as const)
      expect(roleHasRight('manager', right)).toBe(false);
    expect(TEAM_RIGHTS.filter((right) => roleHasRight('staff', right))).toEqual(['org:view', 'check-in']);
    expect(rolesWithRight('check-in')).toEqual(['owner', 'manager', 'staff']);
    expect(rolesWithRight('money')).toEqual(['owner']);
  });
});
