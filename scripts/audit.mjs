// `npm audit` of what ships (devDependencies excluded): fails on any high or critical advisory.
// A registry that does not serve the advisory database (a mirror answering 405) is reported,
// loudly, as an audit that did not run, rather than as a finding.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  report = { error: { summary: run.stderr.trim().split('\n').at(-1) ?? 'no answer' } };
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const reason = report.message ?? report.error?.summary ?? 'no reason given';
  console.warn(`AUDIT NOT RUN: the registry did not answer the advisory query (${reason}).`);
  process.exit(0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((entry) =>
  ['high', 'critical'].includes(entry.severity),
);
for (const entry of serious) {
  const via = entry.via.map((source) => (typeof source === 'string' ? source : source.title)).join('; ');
  console.error(`${entry.severity.toUpperCase()}  ${entry.name} ${entry.range}: ${via}`);
}
console.info(
  `npm audit (production dependencies): ${counts.critical} critical, ${counts.high} high, ` +
    `${counts.moderate} moderate, ${counts.low} low.`,
);
process.exit(serious.length > 0 ? 1 : 0);
