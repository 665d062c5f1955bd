// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sdk from 'braintree-web/package.json' with { type: 'json' };
import { localOrigins } from './origins';
import { PROVIDER_SANDBOX_API_ORIGIN, providerSdkPolicy, serveProviderSdk } from './provider-sdk';

const origins = localOrigins({});
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    void serveProviderSdk(req, res, new URL(req.url ?? '/', 'http://x').pathname, origins);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    }),
);

describe('the provider SDK route', () => {
  it('bundles braintree-web’s modules into classic scripts that extend window.braintree', async () => {
    // A classic script's `this` is the window: here the context's global.
    const window: { braintree?: Record<string, { create?: unknown; VERSION?: string }> } = {};
    for (const module of ['client', 'paypal-checkout']) {
      const response = await fetch(`${base}/provider-sdk/braintree-web/${sdk.version}/${module}.js`);
      expect(response.status, module).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      const code = await response.text();
      runInNewContext(code, window, { filename: module });
    }
    expect(window.braintree?.client?.VERSION).toBe(sdk.version);
    expect(typeof window.braintree?.client?.create).toBe('function');
    expect(typeof window.braintree?.paypalCheckout?.create).toBe('function');
  });

  it('serves no other module, version or file', async () => {
    for (const path of [
      `braintree-web/${sdk.version}/hosted-fields.js`,
      'braintree-web/3.25.0/client.js',
      'braintree-web/3.26.0/../../server/serve.ts',
      'missing.html',
    ]) {
      expect((await fetch(`${base}/provider-sdk/${path}`)).status, path).toBe(404);
    }
  });

  it('serves its page with the gateway origin and the SDK version filled in, under its policy', async () => {
    const response = await fetch(`${base}/provider-sdk/paypal-checkout.html`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain(`data-gateway-origin="${origins.gateway}"`);
    expect(page).toContain(`<script src="braintree-web/${sdk.version}/client.js"></script>`);
    expect(page).not.toMatch(/%[A-Z_]+%/);
    expect(response.headers.get('content-security-policy')).toContain(
      `connect-src ${origins.gateway} ${origins.assets} ${PROVIDER_SANDBOX_API_ORIGIN}`,
    );
  });

  it('adds the provider’s sandbox API host to the demo pages’ connect sources, and nothing else', () => {
    const policy = providerSdkPolicy(origins);
    expect(policy['connect-src']).toEqual([origins.gateway, origins.assets, PROVIDER_SANDBOX_API_ORIGIN]);
    expect(policy['script-src']).toEqual(["'self'", origins.assets, origins.gateway]);
  });
});
