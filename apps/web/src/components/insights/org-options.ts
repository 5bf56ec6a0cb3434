/**
 * The insights page's organisation picker is searchable and lists at most this many options at
 * a time: a host may have thousands of organisations.
 */
export const ORG_OPTIONS_SHOWN = 50;

const byName = new Intl.Collator('en-US');

/**
 * The picker's options from the host's organisations (GET /host/orgs, newest first): by name,
 * as the figures choose the first when none is asked for.
 */
export function orgOptions(
  orgs: readonly { id: number; name: string }[],
): { value: string; label: string }[] {
  return [...orgs]
    .sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id)
    .map((org) => ({ value: String(org.id), label: org.name }));
}
