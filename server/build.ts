/**
 * Builds the local flavour when its sources changed since the last build. The build's inputs
 * (sources, configs, lockfile, ports) are hashed; the hash is kept beside the output.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { localOrigins } from './origins.ts';

const root = resolve(import.meta.dirname, '..');
/** What a build is made from, relative to the repository; unit tests (`*.test.ts`) inside do not count. */
export const BUILD_INPUTS = [
  'src',
  'frames',
  'public',
  'build',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
];
/** Where the hash of the inputs of the last local build is kept. */
const STAMP = resolve(root, 'dist/local/.inputs-hash');

/** Folder of a built flavour. */
export function distDir(flavour: 'local' | 'release', version: string): string {
  return resolve(root, 'dist', flavour === 'local' ? 'local' : '', 'payment-panel', version);
}

function inputsHash(): string {
  const hash = createHash('sha256');
  const add = (path: string): void => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        // Unit tests do not ship.
        if (!/\.test\.tsx?$/.test(name)) add(resolve(path, name));
      }
    } else {
      hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const input of BUILD_INPUTS) add(resolve(root, input));
  hash.update(JSON.stringify(localOrigins()));
  return hash.digest('hex');
}

/** Builds the local flavour unless an up-to-date one exists. Returns whether it built. */
export function ensureLocalBuild(version: string): boolean {
  const hash = inputsHash();
  const built = existsSync(resolve(distDir('local', version), 'integrity.json'));
  if (built && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash) return false;
  console.log('Building the local flavour…');
  const result = spawnSync(resolve(root, 'node_modules/.bin/vite'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    // A test runner's NODE_ENV (test) would give the view React's development JSX runtime.
    env: { ...process.env, PANEL_FLAVOURS: 'local', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('The local build failed.');
  return true;
}

/** Records that the local flavour in dist/ matches the current sources; the build calls it. */
export function stampLocalBuild(): void {
  writeFileSync(STAMP, inputsHash());
}
