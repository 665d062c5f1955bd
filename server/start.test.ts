// @vitest-environment node
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import pkg from '../package.json' with { type: 'json' };
import { localOrigins } from './origins';

const root = resolve(import.meta.dirname, '..');
const origins = localOrigins();

/** Status of a GET, trusting the self-signed certificate. */
function status(url: string): Promise<number> {
  return new Promise((done, fail) => {
    get(url, { rejectUnauthorized: false }, (response) => {
      response.resume();
      done(response.statusCode ?? 0);
    }).on('error', fail);
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => {
      done(false);
    });
    server.listen(port, () => {
      server.close(() => {
        done(true);
      });
    });
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', done);
  });
}

it('npm start serves the three origins, prints the credentials and stops cleanly on Ctrl-C', async () => {
  // Its own process group, as a terminal's Ctrl-C reaches every process of the foreground group.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/start.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Press Ctrl-C')) done();
    });
    child.once('exit', (code) => {
      fail(new Error(`npm start exited with ${String(code)}:\n${output}`));
    });
  });
  child.removeAllListeners('exit');

  expect(output).toContain(`${origins.merchant}/`);
  expect(output).toContain(`${origins.assets}/payment-panel/${pkg.version}/payment-panel.min.js`);
  expect(output).toContain(`${origins.gateway}/`);
  expect(output).toContain('sandbox_k9x2m4p7_demo_merchant');

  expect(await status(`${origins.merchant}/`)).toBe(200);
  expect(await status(`${origins.assets}/payment-panel/${pkg.version}/payment-panel.min.js`)).toBe(200);
  expect(await status(`${origins.gateway}/sandbox/merchants`)).toBe(200);

  if (child.pid === undefined) throw new Error('no pid');
  process.kill(-child.pid, 'SIGINT');
  expect(await exitCode(child)).toBe(0);
  for (const port of [origins.merchantPort, origins.assetsPort, origins.gatewayPort]) {
    expect(await portIsFree(port), `port ${port}`).toBe(true);
  }
}, 120_000);
