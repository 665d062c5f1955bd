// Finds the browsers the browser tests drive (the table in browsers.json: the variable that names each binary,
// Debian's default path, the apt packages that provide it) and installs Debian's packages for those missing when
// we are root; otherwise says what to run. Uses only Node's own modules: it runs before the build.
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const browsers = JSON.parse(readFileSync(new URL('./browsers.json', import.meta.url), 'utf8'));
const pathOf = (b) => process.env[b.env] || b.path;

const missing = browsers.filter((b) => !existsSync(pathOf(b)));
const misnamed = missing.filter((b) => process.env[b.env]);
for (const b of misnamed)
  console.error(`${b.env} is set to ${process.env[b.env]}, but there is no file there.`);
if (misnamed.length) process.exit(1);

if (missing.length) {
  const names = missing.map((b) => b.label).join(' and ');
  const packages = missing.flatMap((b) => b.packages).join(' ');
  if (process.getuid?.() !== 0) {
    console.error(`The browser tests need ${names}. Install with: sudo apt-get install -y ${packages}`);
    console.error(`(or point ${missing.map((b) => b.env).join(' / ')} at the binary).`);
    process.exit(1);
  }
  console.log(`Installing ${names} (apt-get install ${packages})…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
