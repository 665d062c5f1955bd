/**
 * The sandbox gateway's test controls: reset, fault switches, the request log, what the data
 * collectors' hosts received and client tokens. The `sandbox` fixture (support/fixtures.ts) hands
 * each test one of its own: a partition of the sandbox (docs/sandbox.md, "Partitions"), whose
 * tokenization keys, client tokens and browser cookie tell the sandbox which test a request is of.
 */
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import type { DeviceSessionRecord } from '../../../sandbox/device-sessions';
import type { FaultCallName, FaultKind } from '../../../sandbox/faults';
import { MERCHANTS, type MerchantId } from '../../../sandbox/merchants';
import { PARTITION_COOKIE, PARTITION_HEADER, partitionKey } from '../../../sandbox/partition-keys';
import type { RequestLogEntry as LoggedRequest } from '../../../sandbox/request-log';
import { localOrigins } from '../../../server/origins';
import { FRAUDNET_STAND_IN_PATHS } from '../../../src/shared/flavours';

export type { FaultCallName, FaultKind } from '../../../sandbox/faults';
/** A request as the sandbox logged it, and a request a data collector's host received. */
export type { DeviceSessionRecord, LoggedRequest };

/** Every kind of fault, in the order the fault matrix runs them: the slow answer, which succeeds, last. */
export const MATRIX_KINDS = ['500', '429', '403', '422', 'timeout', 'reset', 'malformed', 'slow'] as const;

/** A fault the sandbox injects into the next matching calls. */
export interface Fault {
  /** A substring of the path, or… */
  match?: string;
  /** …the name of a call (FAULT_CALLS of sandbox/faults.ts), e.g. a page the sandbox plays. */
  call?: FaultCallName;
  kind: FaultKind;
  method?: 'GET' | 'POST';
  /** How many calls get it; 1 by default. */
  count?: number;
  /** Delay of a `slow` fault; 3000 ms by default. */
  delayMs?: number;
}

/** Path fragments of the calls the fault specs read back from the log. */
export const CALL_PATHS = {
  configuration: '/client_api/v1/configuration',
  paymentMethods: '/client_api/v1/payment_methods',
  creditCards: '/v1/payment_methods/credit_cards',
  createPaymentResource: '/v1/paypal_hermes/create_payment_resource',
  setupBillingAgreement: '/v1/paypal_hermes/setup_billing_agreement',
  paypalAccounts: '/v1/payment_methods/paypal_accounts',
  applePayWebSessions: '/v1/apple_pay_web/sessions',
  applePaymentTokens: '/v1/payment_methods/apple_payment_tokens',
  threeDSecureLookup: '/three_d_secure/lookup',
  threeDSecureAcs: '/sandbox/three_d_secure/acs',
  threeDSecureTerm: '/sandbox/three_d_secure/term',
  analytics: '/analytics/',
  fraudnetScript: FRAUDNET_STAND_IN_PATHS.script,
} as const satisfies Partial<Record<FaultCallName, string>>;

/** How long the request log must stay unchanged to count as settled. */
const SETTLED_MS = 750;

let injected = 0;

/** How many faults this worker has injected so far: armed, less those cleared before any call hit them. */
export function faultsInjected(): number {
  return injected;
}

/** Whether a logged answer handed the client what it asked for: a 2xx that was not cut short. */
export function answered(request: LoggedRequest): boolean {
  return (
    request.status !== null && request.status >= 200 && request.status < 300 && request.fault !== 'malformed'
  );
}

/**
 * Waits until a PayPal popup shows the sandbox's approval page. The popup opens on the panel's landing page and is
 * sent on once the payment is created, which may cut the landing page's load short: Firefox reports that as a failed
 * navigation, which `waitForURL` would throw, so the popup's URL is watched instead.
 */
export async function approvalShown(popup: Page, timeout?: number): Promise<void> {
  await expect(popup).toHaveURL(/\/sandbox\/paypal\/approve/, timeout === undefined ? {} : { timeout });
}

/** Talks to the sandbox's `/sandbox/*` controls, in one partition of the sandbox. */
export class Sandbox {
  readonly origin = localOrigins().gateway;

  /**
   * @param api - the harness's calls, which name the partition by its header
   * @param partition - the partition's id, `null` for the default one
   */
  private constructor(
    private readonly api: APIRequestContext,
    readonly partition: string | null,
  ) {}

  /**
   * The default partition, reset: the one every client that names no partition shares, for a suite that runs one
   * test at a time and drives browsers that cannot be given the partition's cookie (the WebKit suite).
   */
  static async connect(): Promise<Sandbox> {
    const api = await playwrightRequest.newContext({
      baseURL: localOrigins().gateway,
      ignoreHTTPSErrors: true,
    });
    const sandbox = new Sandbox(api, null);
    await sandbox.reset();
    return sandbox;
  }

  /**
   * A partition of its own, fresh (no faults, an empty log, the seeded vaults): what each browser test gets, so
   * tests run side by side. {@link dispose} deletes it.
   */
  static async open(): Promise<Sandbox> {
    const { gateway } = localOrigins();
    const maker = await playwrightRequest.newContext({ baseURL: gateway, ignoreHTTPSErrors: true });
    const response = await maker.post('/sandbox/partitions');
    expect(response.status(), await response.text()).toBe(201);
    const { partition } = (await response.json()) as { partition: string };
    await maker.dispose();
    const api = await playwrightRequest.newContext({
      baseURL: gateway,
      ignoreHTTPSErrors: true,
      extraHTTPHeaders: { [PARTITION_HEADER]: partition },
    });
    return new Sandbox(api, partition);
  }

  /**
   * The tokenization key of a merchant in this partition; any other merchant id gives a key of this partition the
   * sandbox knows no merchant of (401, in this partition's log).
   */
  key(merchantId: MerchantId | (string & {})): string {
    if (this.partition !== null) return partitionKey(this.partition, merchantId);
    const known = (MERCHANTS as Record<string, { tokenizationKey: string }>)[merchantId];
    if (!known) throw new Error(`no built-in key for ${merchantId}`);
    return known.tokenizationKey;
  }

  /**
   * Gives a browser context this partition's cookie, so the sandbox knows the pages, form posts, scripts and images
   * the browser asks it for (and Kount's data path of the assets origin) as this test's. The `context` fixture has
   * it; a context a test makes itself needs it too.
   */
  async enter(context: BrowserContext): Promise<void> {
    if (this.partition === null) return;
    await context.addCookies([
      { name: PARTITION_COOKIE, value: this.partition, url: this.origin, secure: true, sameSite: 'None' },
    ]);
  }

  /** Back to the clean state: no faults, an empty log, the seeded vaults. */
  async reset(): Promise<void> {
    expect((await this.api.post('/sandbox/reset')).ok()).toBe(true);
  }

  /** Arms a fault on the next `count` matching calls and counts it as injected. */
  async inject(fault: Fault): Promise<void> {
    const response = await this.api.post('/sandbox/faults', { data: fault });
    expect(response.status(), await response.text()).toBe(201);
    injected += fault.count ?? 1;
  }

  /** Disarms every fault; those no call hit no longer count as injected. */
  async clearFaults(): Promise<void> {
    for (const fault of await this.armed()) injected -= fault.remaining;
    expect((await this.api.delete('/sandbox/faults')).ok()).toBe(true);
  }

  /** The faults still armed, with the calls each will still hit. */
  async armed(): Promise<{ kind: FaultKind; remaining: number }[]> {
    return (await (await this.api.get('/sandbox/faults')).json()) as { kind: FaultKind; remaining: number }[];
  }

  /**
   * Changes the given dotted paths of the next `count` answers whose path contains `match`, to test how the panel
   * takes a hostile or broken gateway (docs/sandbox.md, "Test controls").
   */
  async overrideAnswers(match: string, set: Record<string, unknown>, count = 1): Promise<void> {
    const response = await this.api.post('/sandbox/answers', { data: { match, set, count } });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** Disarms every answer override. */
  async clearAnswers(): Promise<void> {
    expect((await this.api.delete('/sandbox/answers')).ok()).toBe(true);
  }

  /** Empties the request log. */
  async clearLog(): Promise<void> {
    expect((await this.api.delete('/sandbox/requests')).ok()).toBe(true);
  }

  /** The logged requests whose path contains `match` (all when none), oldest first. */
  async requests(match?: string): Promise<LoggedRequest[]> {
    const response = await this.api.get('/sandbox/requests', { params: match ? { match } : {} });
    return (await response.json()) as LoggedRequest[];
  }

  /** Waits until a request whose path contains `match` has been logged, and returns the first. */
  async waitForRequest(match: string): Promise<LoggedRequest> {
    const [first] = await this.waitForRequests(match);
    if (!first) throw new Error(`no request matching ${match}`);
    return first;
  }

  /** Waits until `count` requests whose path contains `match` have been logged, and returns them all. */
  async waitForRequests(match: string, count = 1): Promise<LoggedRequest[]> {
    await expect.poll(async () => (await this.requests(match)).length).toBeGreaterThanOrEqual(count);
    return this.requests(match);
  }

  /**
   * The requests whose path contains `match` (all when none), once the log of them has stopped
   * changing: no request added and none answered for a while. What a test reads to say that
   * nothing more happened, without sleeping for a guessed time.
   */
  async settledRequests(match?: string, { quietMs = SETTLED_MS } = {}): Promise<LoggedRequest[]> {
    let seen = '';
    let changedAt = 0;
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await this.requests(match));
          if (now !== seen) {
            seen = now;
            changedAt = Date.now();
          }
          return Date.now() - changedAt;
        },
        { message: `the log of ${match ?? 'every request'} kept changing`, intervals: [100] },
      )
      .toBeGreaterThanOrEqual(quietMs);
    return JSON.parse(seen) as LoggedRequest[];
  }

  /** Requests of a call the client got a full answer to. */
  async answered(match: string): Promise<LoggedRequest[]> {
    return (await this.requests(match)).filter(answered);
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
    // The collectors start with the panel, beside the card frames: on a loaded machine their hosts may hear from
    // them some seconds after ready.
    await expect
      .poll(
        async () => {
          const seen = new Set((await this.deviceSessions(filter)).map((record) => record.resource));
          return resources.filter((resource) => !seen.has(resource));
        },
        { message: 'the resources the collectors’ hosts never received', timeout: 15_000 },
      )
      .toEqual([]);
    // In the order asked for: a frame and an image load side by side, either may arrive first.
    const order = (record: DeviceSessionRecord): number => {
      const index = resources.indexOf(record.resource);
      return index === -1 ? resources.length : index;
    };
    return (await this.deviceSessions(filter)).sort((a, b) => order(a) - order(b));
  }

  /**
   * A client token, in the merchant server's role; `options` need a customer. `host` names the gateway as the
   * request reaches it, for a token whose URLs are on the provider's host name (docs/sandbox.md, "Testing with the
   * provider's SDK").
   */
  async clientToken(
    merchantId: string,
    customerId?: string,
    options?: { verifyCard?: boolean; failOnDuplicatePaymentMethod?: boolean; makeDefault?: boolean },
    { host }: { host?: string } = {},
  ): Promise<string> {
    const response = await this.api.post('/sandbox/client_token', {
      data: { merchantId, customerId, options },
      headers: host === undefined ? {} : { host },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { clientToken: string }).clientToken;
  }

  /** Deletes the partition (ending the requests its faults still hold) and closes the connection. */
  async dispose(): Promise<void> {
    if (this.partition !== null) {
      const response = await this.api.delete(`/sandbox/partitions/${this.partition}`);
      expect(response.ok(), await response.text()).toBe(true);
    }
    await this.api.dispose();
  }
}
