// Finds every browser the browser tests drive and installs Debian's packages for what is missing when we are root;
// otherwise says what to run. The browsers are one table, browsers.json: per browser, the suite that drives it and
// what it needs, each need a binary found by one of
//   - `env` (a variable naming the binary; when set, the file must be there) and `path` (Debian's path otherwise),
//   - `command` (a program on PATH),
//   - `path` with one `*` folder (e.g. a multiarch folder under /usr/lib),
// and the apt package that provides it. `node tests/tools/ensure-browsers.mjs firefox wpe` checks only those.
// Uses only Node's own modules: it runs before anything is installed or built.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const table = JSON.parse(readFileSync(new URL('./browsers.json', import.meta.url), 'utf8'));
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !table.some((browser) => browser.name === name));
if (unknown.length) {
  console.error(`No browser named ${unknown.join(', ')} in tests/tools/browsers.json.`);
  process.exit(1);
}
const browsers = asked.length ? table.filter((browser) => asked.includes(browser.name)) : table;

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(':')
    .filter(Boolean)
    .some((dir) => existsSync(join(dir, name)));

/** Whether a path with at most one `*` folder (`/usr/lib/*\/webkit2gtk-4.1/MiniBrowser`) names a file. */
function pathExists(path) {
  const star = path.indexOf('/*/');
  if (star < 0) return existsSync(path);
  const parent = path.slice(0, star) || '/';
  const rest = path.slice(star + 3);
  if (!existsSync(parent)) return false;
  return readdirSync(parent, { withFileTypes: true }).some(
    (entry) => entry.isDirectory() && existsSync(join(parent, entry.name, rest)),
  );
}

const misnamed = [];
const missing = [];
for (const browser of browsers) {
  for (const need of browser.needs) {
    const named = need.env ? process.env[need.env] : undefined;
    if (named) {
      if (!existsSync(named)) misnamed.push(`${need.env} is set to ${named}, but there is no file there.`);
    } else if (need.command ? !onPath(need.command) : !pathExists(need.path)) {
      missing.push({ browser, need });
    }
  }
}
for (const message of misnamed) console.error(message);
if (misnamed.length) process.exit(1);

if (missing.length) {
  const labels = [...new Set(missing.map(({ browser }) => `${browser.label} (${browser.suite})`))].join(', ');
  const packages = [...new Set(missing.map(({ need }) => need.package))].join(' ');
  if (process.getuid?.() !== 0) {
    console.error(`The browser tests need ${labels}. Install with: sudo apt-get install -y ${packages}`);
    const variables = missing.filter(({ need }) => need.env).map(({ need }) => need.env);
    if (variables.length) console.error(`(or point ${variables.join(' / ')} at the binary).`);
    process.exit(1);
  }
  console.log(`Installing what ${labels} need (apt-get install ${packages})…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
