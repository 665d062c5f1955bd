// @vitest-environment node
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { record, useSandbox, like } from './test-server';

const sandbox = useSandbox();

function rawStatus(path: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(`${sandbox.origin}${path}`, (res) => {
      res.resume();
      resolve(res.statusCode);
    });
    req.path = path;
    req.on('error', reject);
    req.end();
  });
}

const MERCHANT_ORIGIN = 'https://shop.example:3000';

describe('CORS', () => {
  it('answers a preflight with 204 and the allowed methods and headers', async () => {
    const response = await sandbox.request(
      '/merchants/demo_merchant/client_api/v1/payment_methods/credit_cards',
      {
        method: 'OPTIONS',
        headers: {
          origin: MERCHANT_ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      },
    );
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(MERCHANT_ORIGIN);
    expect(response.headers.get('vary')).toMatch(/origin/i);
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'content-type, authorization, braintree-version',
    );
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('echoes any origin on ordinary answers, errors included', async () => {
    for (const path of ['/merchants/demo_merchant/client_api/v1/configuration', '/nowhere']) {
      const response = await sandbox.request(path, { headers: { origin: 'http://localhost:5173' } });
      expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      expect(response.headers.get('vary')).toMatch(/origin/i);
    }
  });

  it('sends no allow-origin without an Origin', async () => {
    const response = await sandbox.request('/nowhere');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('errors of the HTTP layer', () => {
  it('answers 404 JSON to an unknown path', async () => {
    const response = await sandbox.request('/merchants/demo_merchant/client_api/v1/nothing_here');
    expect(response.status).toBe(404);
    expect(record(record(response.body).error).message).toEqual(like.any(String));
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers 405 JSON with allow to a wrong method', async () => {
    const response = await sandbox.request('/merchants/demo_merchant/client_api/v1/configuration', {
      method: 'DELETE',
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(record(response.body)).toHaveProperty('error');
  });

  it('answers 400 JSON to a malformed JSON body', async () => {
    const response = await sandbox.request(
      '/merchants/demo_merchant/client_api/v1/payment_methods/credit_cards',
      {
        body: '{"creditCard": ',
      },
    );
    expect(response.status).toBe(400);
    expect(record(record(response.body).error).message).toMatch(/JSON/);
  });

  it('answers 413 to an oversized body', async () => {
    const response = await sandbox.request('/analytics/demo_merchant', {
      body: `"${'x'.repeat(1024 * 1024 + 10)}"`,
    });
    expect(response.status).toBe(413);
  });

  it('never answers 5xx to odd input', async () => {
    const bodies: unknown[] = [null, [], 42, 'text', { creditCard: [] }, { creditCard: { number: {} } }];
    for (const body of bodies) {
      const response = await sandbox.request(
        '/merchants/demo_merchant/client_api/v1/payment_methods/credit_cards',
        {
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
          method: 'POST',
        },
      );
      expect(response.status).toBeLessThan(500);
    }
    const oddPaths = ['/merchants/%E0%A4%A/client_api/v1/configuration', '/sandbox', '/sandbox/', '/%'];
    for (const path of oddPaths) {
      const response = await sandbox.request(path);
      expect(response.status).toBeLessThan(500);
    }
    // fetch would resolve `//host/…` against the host; send the raw request target instead.
    expect(await rawStatus('//evil.example/x')).toBe(404);
    const garbage = await sandbox.clientApi('demo_merchant', 'creditCards', {
      auth: { tokenizationKey: 'sandbox_k9x2m4p7_demo_merchant', authorizationFingerprint: '|||' },
      body: { creditCard: { number: '4111111111111111' } },
    });
    expect(garbage.status).toBe(401);
  });
});
