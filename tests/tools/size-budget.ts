/**
 * Size budget of `npm test`, run after the build: the bundle and the hosted-field frame page with
 * all its files, gzip level 9, release flavour. Exits non-zero past a limit.
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
  const verdict = r.ok ? 'ok' : `OVER by ${kB(r.gzip - r.limit)}`;
  console.log(`  ${r.name.padEnd(48)} ${kB(r.gzip).padStart(9)} of ${kB(r.limit).padStart(9)}  ${verdict}`);
}
if (results.some((r) => !r.ok)) {
  console.error('The size budget is exceeded: see above (npm run bench gives the details per file).');
  process.exitCode = 1;
}
