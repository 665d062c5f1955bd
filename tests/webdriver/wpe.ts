/**
 * WPE WebKit through WebDriver: an older WebKit (Debian's 2.38, like Safari 16.0–16.3) for the
 * browser test of the fallbacks (docs/browsers.md). Starts `WPEWebDriver` on a free port, a
 * session of `cog --platform=headless` with the local certificate accepted, and the local servers
 * of `npm start` in this process; `close()` ends all three.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { Capabilities, WebDriver, type WebElement } from 'selenium-webdriver';
import http from 'selenium-webdriver/http';
import pkg from '../../package.json' with { type: 'json' };
import { ensureLocalBuild } from '../../server/build.ts';
import { ensureCertificate } from '../../server/certs.ts';
import { localOrigins, type LocalOrigins } from '../../server/origins.ts';
import { startServers } from '../../server/serve.ts';
import { binaryOf } from '../tools/browsers.ts';

/** The driver and the browser it starts (Debian's `wpewebkit-driver` and `cog`). */
export const WPE_DRIVER = binaryOf('wpewebkit-driver');
export const COG = binaryOf('cog');

/** A running WPE session with the local servers. */
export interface WpeSession {
  driver: WebDriver;
  origins: LocalOrigins;
  /** The browser's version, e.g. `2.38`. */
  browserVersion: string;
  close(): Promise<void>;
}

/** A port nothing listens on now; `WPE_WEBDRIVER_PORT` chooses one instead. */
async function freePort(): Promise<number> {
  if (process.env.WPE_WEBDRIVER_PORT) return Number(process.env.WPE_WEBDRIVER_PORT);
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No free port.'));
      });
    });
  });
}

/** Waits until the driver answers `/status`, or fails when it exits first or after `timeout` ms. */
async function driverReady(url: string, driver: ChildProcess, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (driver.exitCode !== null) throw new Error(`WPEWebDriver exited with ${String(driver.exitCode)}.`);
    try {
      const response = await fetch(`${url}/status`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WPEWebDriver did not answer on ${url} within ${timeout} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the local servers, the driver and a headless cog session. */
export async function startWpe(): Promise<WpeSession> {
  for (const binary of [WPE_DRIVER, COG]) {
    if (!existsSync(binary))
      throw new Error(`${binary} is missing: run node tests/tools/ensure-browsers.mjs wpe.`);
  }
  const origins = localOrigins();
  ensureLocalBuild(pkg.version);
  const { cert, key } = ensureCertificate();
  const servers = await startServers({ origins, cert, key, version: pkg.version });
  const port = await freePort();
  const process_ = spawn(WPE_DRIVER, [`--port=${String(port)}`], { stdio: 'ignore' });
  const stop = async (): Promise<void> => {
    if (process_.exitCode === null) {
      const exited = new Promise((resolve) => process_.once('exit', resolve));
      process_.kill();
      await exited;
    }
    await servers.close();
  };
  try {
    const url = `http://127.0.0.1:${String(port)}`;
    await driverReady(url, process_);
    const capabilities = new Capabilities({
      // The local servers' certificate is self-signed.
      acceptInsecureCerts: true,
      'wpe:browserOptions': { binary: COG, args: ['--automation', '--platform=headless'] },
    });
    const driver = WebDriver.createSession(new http.Executor(new http.HttpClient(url)), capabilities);
    const browserVersion = String((await driver.getCapabilities()).get('browserVersion'));
    return {
      driver,
      origins,
      browserVersion,
      async close() {
        await driver.quit().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The element a script finds, e.g. through shadow roots, which WebDriver's own locators cannot
 * pierce in this WebKit; `null` when it finds none.
 */
export async function findByScript(driver: WebDriver, script: string): Promise<WebElement | null> {
  return driver.executeScript<WebElement | null>(script);
}

/**
 * Waits until `script` returns a value other than `null`, `undefined` or `false`, and returns it;
 * fails with `message` and the last value after `timeout` ms.
 */
export async function waitForScript<T>(
  driver: WebDriver,
  script: string,
  message: string,
  timeout = 15_000,
): Promise<T> {
  let last: unknown;
  try {
    return await driver.wait<T>(async () => {
      last = await driver.executeScript(script);
      return (last ?? false) as T;
    }, timeout);
  } catch (error) {
    throw new Error(`${message} (last: ${JSON.stringify(last)})`, { cause: error });
  }
}
