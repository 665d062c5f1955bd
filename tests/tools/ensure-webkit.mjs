// Finds what the WebKit suite drives: WebKitGTK's WebDriver (webkit2gtk-driver, which brings WebKitGTK and its
// MiniBrowser) and Xvfb, the display it runs on. Installs Debian's packages when one is missing and we are root;
// otherwise says what to run. tests/webkit/support/webkit.ts finds them the same way.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const onPath = (name) =>
  (process.env.PATH ?? '')
    .split(':')
    .filter(Boolean)
    .some((dir) => existsSync(`${dir}/${name}`));
const miniBrowser = () =>
  readdirSync('/usr/lib', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .some((entry) => existsSync(`/usr/lib/${entry.name}/webkit2gtk-4.1/MiniBrowser`));

const missing = [];
if (!onPath('WebKitWebDriver') || !miniBrowser()) missing.push('webkit2gtk-driver');
if (!onPath('Xvfb')) missing.push('xvfb');

if (missing.length > 0) {
  if (process.getuid?.() !== 0) {
    console.error(`The WebKit tests need WebKitGTK's driver and Xvfb. Install them with:`);
    console.error(`  sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(' and ')} (apt-get install ${missing.join(' ')})…`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    { stdio: 'inherit', shell: '/bin/bash' },
  );
}
