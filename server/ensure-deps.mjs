// Installs the dependencies with `npm ci` when node_modules is missing or was installed from
// another package-lock.json or other patches (`patches/`, applied by `npm ci`'s postinstall). Uses only
// Node's own modules: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const lock = resolve(root, 'package-lock.json');
const stamp = resolve(root, 'node_modules/.payment-panel-lock-hash');
const patches = resolve(root, 'patches');
const digest = createHash('sha256').update(readFileSync(lock));
for (const name of existsSync(patches) ? readdirSync(patches).sort() : []) {
  digest.update(name).update(readFileSync(resolve(patches, name)));
}
const hash = digest.digest('hex');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, hash);
}
