/**
 * Size budget of `npm test`, run after the build (release flavour, gzip level 9, 1 kB = 1000 B):
 * the first script, the hosted-fields frame page with all its files and what a card-only merchant's
 * page downloads before `ready`; every module file and the other merchant kinds are listed.
 * Exits non-zero past a limit.
 * Usage: node --import tsx tests/tools/size-budget.ts
 */
import { relative } from 'node:path';
import { checkBudgets, kB, measureBuild, type SizeReport } from '../bench/sizes.ts';

let report: SizeReport;
try {
  report = measureBuild();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const results = checkBudgets(report);
console.log(`Size budget (gzip -9, 1 kB = 1000 B) of ${relative(process.cwd(), report.folder) || '.'}:`);
for (const r of results) {
  const limit = r.limit === null ? '' : `of ${kB(r.limit).padStart(9)}`;
  const verdict = r.limit === null ? 'listed' : r.ok ? 'ok' : `OVER by ${kB(r.gzip - r.limit)}`;
  const goal = r.goal === undefined ? '' : ` (goal ${kB(r.goal)}: ${r.gzip <= r.goal ? 'met' : 'not met'})`;
  console.log(`  ${r.name.padEnd(48)} ${kB(r.gzip).padStart(9)} ${limit.padEnd(12)}  ${verdict}${goal}`);
}
if (results.some((r) => !r.ok)) {
  console.error('The size budget is exceeded: see above (npm run bench gives the details per file).');
  process.exitCode = 1;
}
