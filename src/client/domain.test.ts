import { describe, expect, inject, it } from 'vitest';
import { GATEWAY_DOMAINS } from '../shared/build-constants';
import { PanelError } from '../shared/errors';
import { PROVIDER_DOMAINS } from '../shared/flavours';
import { assertGatewayDomains, assertGatewayUrl, isAllowedGatewayUrl } from './domain';

const { assets, gateway } = inject('localOrigins');
const gatewayHost = new URL(gateway).host;

const RELEASE = ['paypal.com', 'braintreepayments.com', 'braintreegateway.com', 'braintree-api.com'];
const valid = {
  assetsUrl: 'https://assets.braintreegateway.com',
  clientApiUrl: 'https://api.sandbox.braintreegateway.com:443/merchants/m/client_api',
};

describe('isAllowedGatewayUrl', () => {
  it('uses the release list of the shared flavours', () => {
    expect(PROVIDER_DOMAINS).toEqual(RELEASE);
  });

  it('accepts https URLs on an allowed domain or a subdomain of one', () => {
    for (const url of [
      'https://braintreegateway.com',
      'https://api.sandbox.braintreegateway.com:443/merchants/x',
      'https://www.paypal.com/path?q=1',
      'https://payments.braintree-api.com/graphql',
      'https://ASSETS.BraintreeGateway.com',
    ]) {
      expect(isAllowedGatewayUrl(url, RELEASE), url).toBe(true);
    }
  });

  it('refuses http, look-alike suffixes, userinfo tricks, other hosts and non-URLs', () => {
    for (const url of [
      'http://api.braintreegateway.com',
      'https://evilbraintreegateway.com',
      'https://braintreegateway.com.evil.test',
      'https://braintreegateway.com@evil.test/',
      'https://user:pass@api.braintreegateway.com/',
      'https://evil.test/?https://api.braintreegateway.com',
      'https://evil.test#.braintreegateway.com',
      'javascript:alert(1)//braintreegateway.com',
      'not a url',
      '',
    ]) {
      expect(isAllowedGatewayUrl(url, RELEASE), url).toBe(false);
    }
    for (const value of [undefined, null, 42, { href: 'https://braintreegateway.com' }]) {
      expect(isAllowedGatewayUrl(value, RELEASE)).toBe(false);
    }
  });

  it('refuses localhost in the release build but accepts it in the local build', () => {
    expect(GATEWAY_DOMAINS).toContain('localhost');
    expect(isAllowedGatewayUrl(`${gateway}/merchants/m`, RELEASE)).toBe(false);
    expect(isAllowedGatewayUrl(`${gateway}/merchants/m`)).toBe(true);
    expect(isAllowedGatewayUrl(`http://${gatewayHost}/merchants/m`)).toBe(false);
    expect(isAllowedGatewayUrl(`https://not${gatewayHost}/`)).toBe(false);
  });
});

describe('assertGatewayDomains', () => {
  function failure(configuration: Parameters<typeof assertGatewayDomains>[0], domains = RELEASE): PanelError {
    try {
      assertGatewayDomains(configuration, domains);
    } catch (error) {
      expect(error).toBeInstanceOf(PanelError);
      return error as PanelError;
    }
    throw new Error('expected a throw');
  }

  it('accepts a configuration whose URLs are all allowed', () => {
    expect(() => {
      assertGatewayDomains(
        {
          ...valid,
          configUrl: 'https://api.braintreegateway.com/c',
          analytics: { url: 'https://client-analytics.braintreegateway.com/m' },
          braintreeApi: { url: 'https://payments.braintree-api.com' },
        },
        RELEASE,
      );
    }).not.toThrow();
    expect(() => {
      assertGatewayDomains(valid, RELEASE);
    }).not.toThrow();
  });

  it.each([
    ['assetsUrl', { ...valid, assetsUrl: 'https://evil.test' }],
    ['assetsUrl', { clientApiUrl: valid.clientApiUrl }],
    ['clientApiUrl', { ...valid, clientApiUrl: 'http://api.braintreegateway.com' }],
    ['configUrl', { ...valid, configUrl: 'https://evilbraintreegateway.com' }],
    ['analytics.url', { ...valid, analytics: { url: 'https://evil.test' } }],
    ['braintreeApi.url', { ...valid, braintreeApi: { url: 'https://braintree-api.com.evil.test' } }],
  ])('names %s when it is on an invalid domain', (property, configuration) => {
    const error = failure(configuration);
    expect(error.code).toBe('CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN');
    expect(error.type).toBe('MERCHANT');
    expect(error.message).toBe(`${property} property is on an invalid domain.`);
    expect(error.details).toMatchObject({ property });
  });

  it('gives the exact catalogue message for assetsUrl', () => {
    expect(failure({ ...valid, assetsUrl: 'https://localhost' }).message).toBe(
      'assetsUrl property is on an invalid domain.',
    );
  });

  it('proves the release build refuses a localhost gateway that the local build accepts', () => {
    const local = {
      assetsUrl: assets,
      clientApiUrl: `${gateway}/merchants/m/client_api`,
    };
    expect(() => {
      assertGatewayDomains(local);
    }).not.toThrow();
    expect(failure(local).code).toBe('CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN');
  });

  it('skips optional URLs that are absent', () => {
    expect(() => {
      assertGatewayDomains({ ...valid, analytics: {} }, RELEASE);
    }).not.toThrow();
  });
});

describe('assertGatewayUrl', () => {
  it('throws with the property and URL in details', () => {
    expect(() => {
      assertGatewayUrl('configUrl', 'https://evil.test/c');
    }).toThrow(
      expect.objectContaining({
        message: 'configUrl property is on an invalid domain.',
        details: { property: 'configUrl', url: 'https://evil.test/c' },
      }),
    );
  });
});
