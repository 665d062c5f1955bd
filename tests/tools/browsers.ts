/**
 * The binaries of tests/tools/browsers.json, the one table of what the browser tests drive and
 * `npm test` installs (`tests/tools/ensure-browsers.mjs`), for the code that starts them.
 */
import table from './browsers.json' with { type: 'json' };

/**
 * The binary that Debian's `pkg` provides, for a need of the table that names a variable and a
 * path: the variable's file when it is set, else Debian's path.
 */
export function binaryOf(pkg: string): string {
  for (const browser of table) {
    for (const need of browser.needs) {
      if (need.package === pkg && 'env' in need && need.env && need.path) {
        return process.env[need.env] || need.path;
      }
    }
  }
  throw new Error(`tests/tools/browsers.json names no binary of the package ${pkg}.`);
}
