// Installs the dependencies with `npm ci` when node_modules is missing or was installed from
// another package-lock.json. Uses only Node's own modules: it runs before anything is installed.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const lock = resolve(root, 'package-lock.json');
const stamp = resolve(root, 'node_modules/.payment-panel-lock-hash');
const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== hash) {
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, hash);
}
