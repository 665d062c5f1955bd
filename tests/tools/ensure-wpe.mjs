// Finds the older WebKit the browser test of the fallbacks drives (tests/webdriver/older-webkit.spec.ts):
// Debian's WPE WebKit driver and its cog browser. Installs the packages when they are missing and we are
// root; otherwise says what to run. WPE_WEBDRIVER_PATH and COG_PATH point at other binaries.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const binaries = [
  [process.env.WPE_WEBDRIVER_PATH || '/usr/bin/WPEWebDriver', 'wpewebkit-driver'],
  [process.env.COG_PATH || '/usr/bin/cog', 'cog'],
];
const missing = binaries.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(
      `The older-WebKit test needs ${missing.join(' and ')}. Install with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} (apt-get install)…`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    {
      stdio: 'inherit',
      shell: '/bin/bash',
    },
  );
}
