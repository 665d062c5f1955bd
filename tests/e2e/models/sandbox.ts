/** The sandbox gateway's test controls: fault switches, the request log and client tokens. */
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

/** A fault the sandbox can inject into the next matching calls. */
export interface Fault {
  match: string;
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
