// @vitest-environment node
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeviceSessionInput } from '../sandbox/device-sessions';
import { kountDataPolicy, serializePolicy } from './content-security-policy';
import { kountDataFileOf, serveKountData } from './kount-data';

const SESSION = '0123456789abcdef0123456789abcdef';
const HEADERS = { 'access-control-allow-origin': '*' };

let server: Server;
let origin: string;
const recorded: DeviceSessionInput[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'https://assets.example');
    if (!serveKountData(req, res, url, HEADERS, (input) => recorded.push(input))) {
      res.writeHead(418).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
beforeEach(() => {
  recorded.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('kountDataFileOf', () => {
  it('knows the two files under each environment’s data path and nothing else', () => {
    expect(kountDataFileOf('/sandbox/data/logo.htm')).toBe('logo.htm');
    expect(kountDataFileOf('/data/logo.gif')).toBe('logo.gif');
    expect(kountDataFileOf('/sandbox/data/logo.html')).toBeNull();
    expect(kountDataFileOf('/sandbox/data/sub/logo.htm')).toBeNull();
    expect(kountDataFileOf('/payment-panel/1.9.2/data/logo.htm')).toBeNull();
  });
});

describe('serveKountData', () => {
  it('answers the frame an empty page under its own policy and records m and s', async () => {
    const response = await fetch(`${origin}/sandbox/data/logo.htm?m=600000&s=${SESSION}`, {
      headers: { referer: 'https://shop.example/' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(serializePolicy(kountDataPolicy()));
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(await response.text()).toContain('<body></body>');
    expect(recorded).toEqual([
      {
        collector: 'kount',
        resource: 'logo.htm',
        path: '/sandbox/data/logo.htm',
        sessionId: SESSION,
        params: { m: '600000', s: SESSION },
        referrer: 'https://shop.example/',
      },
    ]);
  });

  it('answers the image a transparent 1×1 GIF and records it', async () => {
    const response = await fetch(`${origin}/data/logo.gif?m=&s=${SESSION}`);
    expect(response.headers.get('content-type')).toBe('image/gif');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 6))).toBe('GIF89a');
    expect(recorded).toEqual([
      {
        collector: 'kount',
        resource: 'logo.gif',
        path: '/data/logo.gif',
        sessionId: SESSION,
        params: { m: '', s: SESSION },
        referrer: null,
      },
    ]);
  });

  it('records a request without s with a null session', async () => {
    await fetch(`${origin}/sandbox/data/logo.gif`);
    expect(recorded).toEqual([expect.objectContaining({ sessionId: null, params: {} })]);
  });

  it('answers HEAD without recording it, and refuses other methods', async () => {
    expect((await fetch(`${origin}/sandbox/data/logo.htm?s=${SESSION}`, { method: 'HEAD' })).status).toBe(
      200,
    );
    const post = await fetch(`${origin}/sandbox/data/logo.htm`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(recorded).toEqual([]);
  });

  it('leaves every other path to the caller', async () => {
    expect((await fetch(`${origin}/payment-panel/1.9.2/payment-panel.min.js`)).status).toBe(418);
    expect(recorded).toEqual([]);
  });
});
