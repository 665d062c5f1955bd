// Finds the Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium.
// Installs Debian's package when it is missing and we are root; otherwise says what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(path)) {
  if (process.env.CHROMIUM_PATH) {
    console.error(`CHROMIUM_PATH is set to ${path}, but there is no file there.`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.error('The browser tests need Chromium. Install it with: sudo apt-get install -y chromium');
    console.error('(or point CHROMIUM_PATH at a Chromium or Chrome binary).');
    process.exit(1);
  }
  console.log('Installing Chromium (apt-get install chromium)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
    shell: '/bin/bash',
  });
}
