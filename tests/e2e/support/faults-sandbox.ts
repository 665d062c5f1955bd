/**
 * The sandbox's fault switches and request log, as the fault and concurrency specs use them: faults
 * name the call they hit, and every fault injected is counted for the run's report.
 */
import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import type { FaultCallName, FaultKind } from '../../../demo/sandbox/faults';
import { localOrigins } from '../../../demo/server/origins';
import { FRAUDNET_STAND_IN_PATHS } from '../../../src/shared/flavours';

export type { FaultCallName, FaultKind } from '../../../demo/sandbox/faults';

/** Every kind of fault, in the order the matrix runs them: the slow answer, which succeeds, last. */
export const MATRIX_KINDS = ['500', '429', '403', '422', 'timeout', 'reset', 'malformed', 'slow'] as const;

/** A request as the sandbox logged it. */
export interface LoggedRequest {
  id: number;
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  origin: string | null;
  fault: FaultKind | null;
  /** `null` when no HTTP answer went out (a time-out, a reset, a client that left). */
  status: number | null;
}

/** A fault to inject. */
export interface CallFault {
  call: FaultCallName;
  kind: FaultKind;
  /** How many calls get it; 1 by default. */
  count?: number;
  /** Delay of a `slow` fault; 3000 ms by default. */
  delayMs?: number;
}

/** Path fragments of the calls the specs read back from the log. */
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

/** The sandbox's test controls. */
export class FaultSandbox {
  readonly origin = localOrigins().gateway;

  private constructor(private readonly api: APIRequestContext) {}

  /** A client of the sandbox, which starts from a clean state (no faults, empty log, seeded vaults). */
  static async connect(): Promise<FaultSandbox> {
    const api = await playwrightRequest.newContext({
      baseURL: localOrigins().gateway,
      ignoreHTTPSErrors: true,
    });
    const sandbox = new FaultSandbox(api);
    await sandbox.reset();
    return sandbox;
  }

  async reset(): Promise<void> {
    expect((await this.api.post('/sandbox/reset')).ok()).toBe(true);
  }

  /** Arms a fault on the next `count` calls and counts it as injected. */
  async inject(fault: CallFault): Promise<void> {
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

  async clearLog(): Promise<void> {
    expect((await this.api.delete('/sandbox/requests')).ok()).toBe(true);
  }

  /** The logged requests whose path contains `match`, oldest first. */
  async requests(match?: string): Promise<LoggedRequest[]> {
    const response = await this.api.get('/sandbox/requests', { params: match ? { match } : {} });
    return (await response.json()) as LoggedRequest[];
  }

  /** Waits until `count` requests whose path contains `match` have been logged. */
  async waitForRequests(match: string, count = 1): Promise<LoggedRequest[]> {
    await expect.poll(async () => (await this.requests(match)).length).toBeGreaterThanOrEqual(count);
    return this.requests(match);
  }

  /** Requests of a call the client got a full answer to. */
  async answered(match: string): Promise<LoggedRequest[]> {
    return (await this.requests(match)).filter(answered);
  }

  /** What a data collector's host received (`/sandbox/device_sessions`), oldest first. */
  async deviceSessions(
    collector?: 'kount' | 'fraudnet',
  ): Promise<{ resource: string; sessionId: string | null }[]> {
    const response = await this.api.get('/sandbox/device_sessions', {
      params: collector ? { collector } : {},
    });
    return (await response.json()) as { resource: string; sessionId: string | null }[];
  }

  /** A client token, in the merchant server's role. */
  async clientToken(merchantId: string, customerId?: string): Promise<string> {
    const response = await this.api.post('/sandbox/client_token', { data: { merchantId, customerId } });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { clientToken: string }).clientToken;
  }

  async dispose(): Promise<void> {
    await this.api.dispose();
  }
}
