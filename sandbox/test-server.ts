/**
 * Test harness of the sandbox gateway's unit tests: a real `node:http` server on port 0 around
 * `createSandboxGateway(...).handle`, and small fetch helpers.
 * @packageDocumentation
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { clientApiPath, ENDPOINTS, endpointPath, type EndpointName } from '../src/shared/endpoints';
import { createSandboxGateway, type SandboxGateway } from './gateway';
import { isRecord } from './http';
import type { ClientTokenPayload } from './client-token';
import { MERCHANTS, type MerchantId } from './merchants';

const { assets } = inject('localOrigins');

/** Vitest's asymmetric matchers typed `unknown` rather than `any`, for the strict lint. */
export const like = {
  any: (type: unknown): unknown => expect.any(type),
  stringMatching: (pattern: RegExp): unknown => expect.stringMatching(pattern),
  objectContaining: (shape: Record<string, unknown>): unknown => expect.objectContaining(shape),
};

/** The assets origin the harness configures. */
export const TEST_ASSETS_ORIGIN = assets;

/** An answer, body parsed when it is JSON. */
export interface TestResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** Options of {@link TestSandbox.request}. */
export interface RequestOptions {
  method?: string;
  query?: Record<string, string>;
  /** Serialised as JSON unless a string. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A running sandbox. */
export interface TestSandbox {
  origin: string;
  gateway: SandboxGateway;
  request(path: string, options?: RequestOptions): Promise<TestResponse>;
  /** A client API call of a merchant with its tokenization key (unless `auth` replaces it). */
  clientApi(
    merchantId: string,
    endpoint: EndpointName,
    options?: RequestOptions & { auth?: Record<string, string>; params?: Record<string, string> },
  ): Promise<TestResponse>;
  /** Mint a client token and answer it decoded. */
  clientToken(request: Record<string, unknown>): Promise<ClientTokenPayload>;
  stop(): Promise<void>;
}

/** A JSON object from a test response, failing loudly when it is not one. */
export function record(value: unknown): Record<string, unknown> {
  if (!isRecord(value)) throw new Error(`Expected a JSON object, got ${JSON.stringify(value)}`);
  return value;
}

/** Start a sandbox on a free port. */
export async function startSandbox(): Promise<TestSandbox> {
  // The gateway needs the port in its origin, so it is created once the server listens.
  const mounted: { gateway?: SandboxGateway } = {};
  const server: Server = createServer((req, res) => {
    mounted.gateway?.handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const created = createSandboxGateway({ gatewayOrigin: origin, assetsOrigin: TEST_ASSETS_ORIGIN });
  mounted.gateway = created;

  async function request(path: string, options: RequestOptions = {}): Promise<TestResponse> {
    const url = new URL(path, origin);
    for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
    const hasBody = options.body !== undefined;
    const response = await fetch(url, {
      method: options.method ?? (hasBody ? 'POST' : 'GET'),
      headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: hasBody
        ? typeof options.body === 'string'
          ? options.body
          : JSON.stringify(options.body)
        : undefined,
      signal: options.signal,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Kept as text: some tests want the raw body.
    }
    return { status: response.status, headers: response.headers, body };
  }

  return {
    origin,
    gateway: created,
    request,
    clientApi(merchantId, endpoint, options = {}) {
      const known = (MERCHANTS as Record<string, { tokenizationKey: string }>)[merchantId];
      const auth = options.auth ?? { tokenizationKey: known?.tokenizationKey ?? 'sandbox_unknown_key' };
      const path = `${clientApiPath(merchantId)}/v1/${endpointPath(endpoint, options.params)}`;
      const method = options.method ?? ENDPOINTS[endpoint].method;
      if (method === 'GET') {
        return request(path, { ...options, method, query: { ...options.query, ...auth } });
      }
      return request(path, { ...options, method, body: { ...record(options.body ?? {}), ...auth } });
    },
    async clientToken(body) {
      const response = await request('/sandbox/client_token', { body });
      if (response.status !== 200) throw new Error(`client_token answered ${response.status}`);
      const token = record(response.body).clientToken;
      if (typeof token !== 'string') throw new Error('No clientToken');
      return JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as ClientTokenPayload;
    },
    async stop() {
      created.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

/** A sandbox for a test file: started before its tests, reset before each, stopped after all. */
export function useSandbox(): TestSandbox {
  const sandbox = {} as TestSandbox;
  beforeAll(async () => {
    Object.assign(sandbox, await startSandbox());
  });
  beforeEach(async () => {
    await sandbox.request('/sandbox/reset', { method: 'POST' });
  });
  afterAll(() => sandbox.stop());
  return sandbox;
}

/** The tokenization key of a merchant. */
export function keyOf(merchantId: MerchantId): string {
  return MERCHANTS[merchantId].tokenizationKey;
}

/** The auth parameters of a client token. */
export function fingerprintAuth(token: ClientTokenPayload): Record<string, string> {
  return { authorizationFingerprint: token.authorizationFingerprint };
}
