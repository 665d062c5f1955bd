/**
 * The sandbox gateway's test controls: fault switches, the request log, what the data collectors'
 * hosts received and client tokens.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { localOrigins } from '../../../demo/server/origins';

/** A request as the sandbox logged it. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  origin: string | null;
  fault: string | null;
  status: number;
}

/** A request a data collector's host received: Kount's data path or the fraudnet stand-in. */
export interface DeviceSessionRecord {
  id: number;
  collector: 'kount' | 'fraudnet';
  resource: 'logo.htm' | 'logo.gif' | 'script' | 'parameters' | 'beacon';
  /** The path requested, e.g. `/sandbox/data/logo.htm`. */
  path: string;
  /** Kount's `s`, fraudnet's `f` (parameters) or `p` (beacon); `null` for the script. */
  sessionId: string | null;
  params: Record<string, string>;
  referrer: string | null;
}

/** A fault the sandbox can inject into the next matching calls. */
export interface Fault {
  /** A substring of the path, or… */
  match?: string;
  /** …the name of a call (FAULT_CALLS of demo/sandbox/faults.ts), e.g. a page the sandbox plays. */
  call?: string;
  kind: '500' | '429' | '403' | '422' | 'timeout' | 'reset' | 'malformed' | 'slow';
  method?: 'GET' | 'POST';
  count?: number;
  delayMs?: number;
}

/** Talks to the sandbox's `/sandbox/*` controls. */
export class Sandbox {
  readonly origin = localOrigins().gateway;

  private constructor(private readonly api: APIRequestContext) {}

  /** A sandbox client with a clean state (no faults, empty log, seeded vaults). */
  static async connect(): Promise<Sandbox> {
    const api = await playwrightRequest.newContext({
      baseURL: localOrigins().gateway,
      ignoreHTTPSErrors: true,
    });
    const sandbox = new Sandbox(api);
    await sandbox.reset();
    return sandbox;
  }

  async reset(): Promise<void> {
    expect((await this.api.post('/sandbox/reset')).ok()).toBe(true);
  }

  async inject(fault: Fault): Promise<void> {
    expect((await this.api.post('/sandbox/faults', { data: fault })).status()).toBe(201);
  }

  async clearFaults(): Promise<void> {
    expect((await this.api.delete('/sandbox/faults')).ok()).toBe(true);
  }

  async requests(match?: string): Promise<LoggedRequest[]> {
    const response = await this.api.get('/sandbox/requests', { params: match ? { match } : {} });
    return (await response.json()) as LoggedRequest[];
  }

  /** Waits until a request whose path contains `match` has been logged, and returns the first. */
  async waitForRequest(match: string): Promise<LoggedRequest> {
    await expect.poll(async () => (await this.requests(match)).length).toBeGreaterThan(0);
    const [first] = await this.requests(match);
    if (!first) throw new Error(`no request matching ${match}`);
    return first;
  }

  /** What the data collectors' hosts received, oldest first; of one collector and session when given. */
  async deviceSessions(
    filter: { collector?: 'kount' | 'fraudnet'; sessionId?: string } = {},
  ): Promise<DeviceSessionRecord[]> {
    const response = await this.api.get('/sandbox/device_sessions', { params: filter });
    return (await response.json()) as DeviceSessionRecord[];
  }

  /**
   * Waits until the data collectors' hosts have received every resource listed (at least once) and
   * returns what they received, oldest first.
   */
  async waitForDeviceSessions(
    resources: DeviceSessionRecord['resource'][],
    filter: { collector?: 'kount' | 'fraudnet'; sessionId?: string } = {},
  ): Promise<DeviceSessionRecord[]> {
    await expect
      .poll(async () => {
        const seen = new Set((await this.deviceSessions(filter)).map((record) => record.resource));
        return resources.filter((resource) => !seen.has(resource));
      })
      .toEqual([]);
    // In the order asked for: a frame and an image load side by side, either may arrive first.
    const order = (record: DeviceSessionRecord): number => {
      const index = resources.indexOf(record.resource);
      return index === -1 ? resources.length : index;
    };
    return (await this.deviceSessions(filter)).sort((a, b) => order(a) - order(b));
  }

  /** A client token, in the merchant server's role; `options` need a customer. */
  async clientToken(
    merchantId: string,
    customerId?: string,
    options?: { verifyCard?: boolean; failOnDuplicatePaymentMethod?: boolean; makeDefault?: boolean },
  ): Promise<string> {
    const response = await this.api.post('/sandbox/client_token', {
      data: { merchantId, customerId, options },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { clientToken: string }).clientToken;
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}
