/**
 * WebKitGTK under WebDriver: a virtual display (Xvfb), WebKitGTK's driver on it, and a browser session
 * per test. Playwright cannot drive Debian's WebKit, so the WebKit suite speaks WebDriver classic
 * through selenium-webdriver (docs/building.md, "The WebKit suite").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { Builder, type WebDriver } from 'selenium-webdriver';

/** The environment variable that hands the driver's URL from the global setup to the test workers. */
export const DRIVER_URL_VARIABLE = 'WEBKIT_DRIVER_URL';

/** How long Xvfb and the driver get to come up. */
const START_TIMEOUT_MS = 20_000;

/** WebKitGTK's MiniBrowser, the browser WebKitWebDriver automates, in the multiarch folder of its package. */
export function miniBrowserPath(): string {
  for (const entry of readdirSync('/usr/lib', { withFileTypes: true })) {
    const path = `/usr/lib/${entry.name}/webkit2gtk-4.1/MiniBrowser`;
    if (entry.isDirectory() && existsSync(path)) return path;
  }
  throw new Error('No WebKitGTK MiniBrowser: run node tests/tools/ensure-browsers.mjs webkitgtk.');
}

/** A started Xvfb and WebKitWebDriver. */
export interface WebKitDriverService {
  /** The driver's endpoint, e.g. http://127.0.0.1:41234 */
  url: string;
  /** The X display the browser draws on, e.g. :3 */
  display: string;
  /** Stops the driver (and with it any browser it started) and the display; safe to call twice. */
  stop(): Promise<void>;
}

/** Ends a child process and waits for it, with SIGKILL when SIGTERM is not enough. */
async function end(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
  await exited;
  clearTimeout(timer);
}

/** Rejects when the child exits, with what it said on stderr. */
function failureOf(child: ChildProcess, name: string): { promise: Promise<never>; stderr: () => string } {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  const promise = new Promise<never>((_, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      reject(new Error(`${name} exited (${signal ?? String(code)}): ${stderr.trim()}`));
    });
  });
  promise.catch(() => undefined);
  return { promise, stderr: () => stderr };
}

/** Starts Xvfb on the first free display; it names the display itself (`-displayfd`), so two runs never collide. */
async function startDisplay(): Promise<{ child: ChildProcess; display: string }> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  const failed = failureOf(child, 'Xvfb');
  const number = new Promise<string>((resolve) => {
    let text = '';
    const fd = child.stdio[3];
    fd?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
  });
  try {
    return { child, display: `:${await within(Promise.race([number, failed.promise]), 'Xvfb')}` };
  } catch (error) {
    await end(child);
    throw error;
  }
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`${what} did not start within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the driver answers its status endpoint as ready, or `signal` gives up on it. */
async function driverReady(url: string, signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    try {
      const response = await fetch(`${url}/status`);
      const body = (await response.json()) as { value?: { ready?: boolean } };
      if (body.value?.ready) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Starts a virtual display and WebKitWebDriver on it, on a free display and a free port. Whatever
 * happens, the caller's process never leaves them behind: they are stopped on `stop()`, when the
 * start fails, and when the process exits.
 */
export async function startWebKitDriver(): Promise<WebKitDriverService> {
  const { child: xvfb, display } = await startDisplay();
  let driver: ChildProcess | undefined;
  const killAll = (): void => {
    driver?.kill('SIGKILL');
    xvfb.kill('SIGKILL');
  };
  process.once('exit', killAll);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killAll);
    if (driver) await end(driver);
    await end(xvfb);
  };
  try {
    // A port found free may be taken before the driver binds it: then try another.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      driver = spawn('WebKitWebDriver', [`--port=${port}`], {
        env: { ...process.env, DISPLAY: display },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const url = `http://127.0.0.1:${port}`;
      const failed = failureOf(driver, 'WebKitWebDriver');
      const giveUp = new AbortController();
      try {
        await within(Promise.race([driverReady(url, giveUp.signal), failed.promise]), 'WebKitWebDriver');
        return { url, display, stop };
      } catch (error) {
        await end(driver);
        if (attempt === 3) throw error;
      } finally {
        giveUp.abort();
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
}

/** How long one attempt to start a browser may take, and how many attempts a test gets. */
const SESSION_TIMEOUT_MS = 30_000;
const SESSION_ATTEMPTS = 2;

/**
 * A new WebKit session: a fresh MiniBrowser with its own profile, trusting the local certificate.
 * On a busy machine a browser now and then never answers its driver: that attempt is left (and its
 * browser quit, should it come up later) and another is made.
 */
export async function newSession(url: string): Promise<WebDriver> {
  for (let attempt = 1; ; attempt++) {
    const pending = new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        acceptInsecureCerts: true,
        'webkitgtk:browserOptions': { binary: miniBrowserPath(), args: ['--automation'] },
      })
      .build();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error(`WebKit did not start within ${SESSION_TIMEOUT_MS} ms`));
      }, SESSION_TIMEOUT_MS);
    });
    try {
      await Promise.race([pending.getSession(), timeout]);
      return await pending;
    } catch (error) {
      pending.then(
        (late) => late.quit(),
        () => undefined,
      );
      if (attempt >= SESSION_ATTEMPTS) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
