// @vitest-environment node
import { describe, expect, inject, it } from 'vitest';
import {
  framePageOf,
  framePolicy,
  gatewaySources,
  kountDataPolicy,
  merchantPolicy,
  serializePolicy,
  type FramePage,
} from './content-security-policy';

const { gateway } = inject('localOrigins');

const ORIGINS = { assets: 'https://assets.example', gateway: 'https://gateway.example' };
const PAGES: FramePage[] = [
  'hosted-fields-frame',
  'three-d-secure-bank-frame',
  'three-d-secure-authentication-complete-frame',
  'paypal-landing-frame',
  'paypal-redirect-frame',
  'paypal-cancel-frame',
];

describe('the merchant policy', () => {
  it('names the assets origin for scripts, styles and frames, the gateway for calls, both for device data, and the page’s own icon', () => {
    expect(serializePolicy(merchantPolicy(ORIGINS))).toBe(
      "default-src 'none'; script-src 'self' https://assets.example https://gateway.example; " +
        "style-src 'self' https://assets.example; img-src 'self' https://assets.example https://gateway.example; " +
        'connect-src https://gateway.example https://assets.example; ' +
        'frame-src https://assets.example https://gateway.example; ' +
        "form-action 'self' https://gateway.example; base-uri 'none'; object-src 'none'; frame-ancestors 'self'",
    );
  });
});

describe('the frame pages’ policies', () => {
  it.each(PAGES)('%s runs its own scripts only, with nothing inline', (page) => {
    const policy = framePolicy(page, ['https://gateway.example']);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(serializePolicy(policy)).not.toContain('unsafe');
  });

  it('lets only the hosted field call the gateway, and only the bank frame post a form', () => {
    const policies = Object.fromEntries(
      PAGES.map((page) => [page, framePolicy(page, ['https://gw.example'])]),
    );
    expect(policies['hosted-fields-frame']?.['connect-src']).toEqual(['https://gw.example']);
    expect(policies['three-d-secure-bank-frame']?.['connect-src']).toBeUndefined();
    expect(policies['three-d-secure-bank-frame']?.['form-action']).toEqual(['https:']);
    expect(policies['hosted-fields-frame']?.['form-action']).toEqual(["'none'"]);
  });

  it('lets any HTTPS page or a loopback dev server frame the fields and the bank frame, and nothing the PayPal pages', () => {
    const embeddable = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];
    expect(framePolicy('hosted-fields-frame', [])['frame-ancestors']).toEqual(embeddable);
    expect(framePolicy('three-d-secure-bank-frame', [])['frame-ancestors']).toEqual(embeddable);
    expect(framePolicy('three-d-secure-authentication-complete-frame', [])['frame-ancestors']).toEqual(
      embeddable,
    );
    for (const page of ['paypal-landing-frame', 'paypal-redirect-frame', 'paypal-cancel-frame'] as const) {
      expect(framePolicy(page, [])['frame-ancestors'], page).toEqual(["'none'"]);
      // They post no form and call nothing: the return pages only post a message to the opener.
      expect(framePolicy(page, ['https://gw.example'])['form-action'], page).toEqual(["'none'"]);
      expect(framePolicy(page, ['https://gw.example'])['connect-src'], page).toBeUndefined();
    }
  });

  it('lets only the PayPal popup’s top-level pages load an image: the assets host’s site icon', () => {
    for (const page of PAGES) {
      const popup = ['paypal-landing-frame', 'paypal-redirect-frame', 'paypal-cancel-frame'].includes(page);
      expect(framePolicy(page, ['https://gw.example'])['img-src'], page).toEqual(
        popup ? ["'self'"] : undefined,
      );
    }
  });

  it('sends the release flavour’s cards to the provider’s domains and their subdomains only', () => {
    expect(gatewaySources('local', gateway)).toEqual([gateway]);
    const release = gatewaySources('release', gateway);
    expect(release).toContain('https://braintreegateway.com');
    expect(release).toContain('https://*.braintreegateway.com');
    expect(release.join(' ')).not.toContain('localhost');
  });
});

describe('framePageOf', () => {
  it('knows the frame pages in both variants and nothing else', () => {
    expect(framePageOf('/html/hosted-fields-frame.min.html')).toBe('hosted-fields-frame');
    expect(framePageOf('html/hosted-fields-frame.html')).toBe('hosted-fields-frame');
    expect(framePageOf('/html/three-d-secure-authentication-complete-frame.html')).toBe(
      'three-d-secure-authentication-complete-frame',
    );
    expect(framePageOf('/html/paypal-redirect-frame.html')).toBe('paypal-redirect-frame');
    expect(framePageOf('/html/paypal-cancel-frame.html')).toBe('paypal-cancel-frame');
    expect(framePageOf('/payment-panel.min.js')).toBeNull();
    expect(framePageOf('/html/unknown-frame.html')).toBeNull();
    expect(framePageOf('/assets/hosted-fields-frame.min.js')).toBeNull();
  });
});

describe('the Kount data page’s policy', () => {
  it('loads nothing and may be framed where the panel’s frames may', () => {
    expect(serializePolicy(kountDataPolicy())).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; " +
        'frame-ancestors https: http://localhost:* http://127.0.0.1:*',
    );
  });
});
