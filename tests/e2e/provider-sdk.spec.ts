/**
 * The provider's own SDK against the sandbox: braintree-web's client and PayPal Checkout component
 * (the dev dependency, bundled from node_modules by the merchant demo's `/provider-sdk/` route) on a
 * merchant page, completing PayPal checkout and vault with a tokenization key and a client token. The
 * SDK takes only URLs on the provider's domains, so the browser reaches the sandbox gateway under the
 * provider's sandbox API host name; PayPal's checkout script is played by the sandbox's answer page
 * (docs/sandbox.md, "Testing with the provider's SDK").
 */
import { request as playwrightRequest, type Page } from '@playwright/test';
import { PAYPAL_SANDBOX_PAYER } from '../../sandbox/test-values';
import { localOrigins } from '../../server/origins';
import { PROVIDER_SANDBOX_API_ORIGIN } from '../../server/provider-sdk';
import type { Sandbox } from './models/sandbox';
import { chromiumOnly, expect, guardedTest } from './support/fixtures';

const { merchant, gateway, gatewayPort } = localOrigins();
const PROVIDER_HOST = new URL(PROVIDER_SANDBOX_API_ORIGIN).host;
const CUSTOMER = 'sdk_shopper';
const CREATE_PAYMENT = '/v1/paypal_hermes/create_payment_resource';
const BILLING_AGREEMENT = '/v1/paypal_hermes/setup_billing_agreement';
const ACCOUNTS = '/v1/payment_methods/paypal_accounts';

/**
 * The browser resolves the provider's sandbox API host to the sandbox gateway, as docs/sandbox.md tells merchants to:
 * Chromium's `--host-resolver-rules`, which no other engine has.
 */
const test = guardedTest.extend({
  launchOptions: [
    async ({ launchOptions, browserName }, use) => {
      if (browserName !== 'chromium') return use(launchOptions);
      const rule = `--host-resolver-rules=MAP ${PROVIDER_HOST}:443 127.0.0.1:${gatewayPort}`;
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), rule] });
    },
    { scope: 'worker' },
  ],
});

/**
 * A client token for {@link CUSTOMER}, minted in the merchant server's role under the provider's
 * host name, so its configuration URL is on that name as the SDK requires.
 */
async function providerClientToken(sandbox: Sandbox): Promise<{ clientToken: string; fingerprint: string }> {
  const clientToken = await sandbox.clientToken('demo_merchant', CUSTOMER, undefined, {
    host: PROVIDER_HOST,
  });
  const decoded = JSON.parse(Buffer.from(clientToken, 'base64').toString('utf8')) as {
    authorizationFingerprint: string;
    configUrl: string;
  };
  expect(decoded.configUrl.startsWith(`${PROVIDER_SANDBOX_API_ORIGIN}/`)).toBe(true);
  return { clientToken, fingerprint: decoded.authorizationFingerprint };
}

/**
 * The emails of the customer's saved PayPal accounts, as the client API lists them to its client token (whose
 * fingerprint names the test's partition).
 */
async function savedPayPalEmails(fingerprint: string): Promise<string[]> {
  const api = await playwrightRequest.newContext({ baseURL: gateway, ignoreHTTPSErrors: true });
  try {
    const response = await api.get('/merchants/demo_merchant/client_api/v1/payment_methods', {
      params: { authorizationFingerprint: fingerprint },
    });
    const { paymentMethods } = (await response.json()) as {
      paymentMethods: { type: string; details: { email?: string } }[];
    };
    return paymentMethods
      .filter((method) => method.type === 'PayPalAccount')
      .map((m) => m.details.email ?? '');
  } finally {
    await api.dispose();
  }
}

/** Opens the SDK page for a flow and waits until braintree-web's client and component are created. */
async function openSdkPage(page: Page, authorization: string, flow: 'checkout' | 'vault'): Promise<void> {
  const query = new URLSearchParams({ authorization, flow });
  await page.goto(`/provider-sdk/paypal-checkout.html?${query.toString()}`);
  await expect(page.locator('#status')).toHaveText('Ready');
}

/** Clicks the page's PayPal button and returns the popup once the sandbox's approval page is in it. */
async function openApproval(page: Page): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await page.locator('#paypal').click();
  const popup = await opened;
  await popup.waitForURL(`${gateway}/sandbox/paypal/approve?**`);
  return popup;
}

/** Presses a button of the approval page and waits for the answer page to hand over and close the popup. */
async function answer(popup: Page, button: 'approve' | 'cancel'): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.locator(`#${button}`).click();
  await closed;
}

/** Posts the page's form to the sandbox's stand-in for the merchant's server and reads its verdict. */
async function payWithNonce(page: Page): Promise<void> {
  await page.locator('#pay').click();
  await page.waitForURL(`${gateway}/sandbox/checkout`);
  await expect(page.locator('body')).toContainText('Known nonce: yes (PayPalAccount)');
}

/**
 * The details of every test here: the provider's host name must reach the local gateway's port, which takes a
 * resolver rule with a port, and Firefox has no switch or preference that maps a host to another port.
 */
const PROVIDER_HOST_MAPPED = chromiumOnly(
  "the provider's API host name reaches the sandbox through Chromium's --host-resolver-rules; Firefox cannot map a host to another port",
);

const FLOWS = [
  { flow: 'checkout', authorization: 'tokenization key' },
  { flow: 'checkout', authorization: 'client token' },
  { flow: 'vault', authorization: 'tokenization key' },
  { flow: 'vault', authorization: 'client token' },
] as const;

for (const { flow, authorization } of FLOWS) {
  test(
    `braintree-web completes a PayPal ${flow} with a ${authorization}`,
    PROVIDER_HOST_MAPPED,
    async ({ page, sandbox }) => {
      const token = authorization === 'client token' ? await providerClientToken(sandbox) : null;
      await openSdkPage(page, token?.clientToken ?? sandbox.key('demo_merchant'), flow);

      const popup = await openApproval(page);
      await expect(popup.locator(flow === 'checkout' ? '#amount' : '#agreement')).toHaveText(
        flow === 'checkout' ? '10.00 USD' : 'Billing agreement',
      );
      await answer(popup, 'approve');
      await expect(page.locator('#status')).toHaveText('Tokenized: PayPalAccount');
      const payload = JSON.parse((await page.locator('#payload').textContent()) ?? '') as {
        nonce: string;
        type: string;
        details: { email: string; payerId: string };
      };
      expect(payload).toMatchObject({
        type: 'PayPalAccount',
        details: { email: PAYPAL_SANDBOX_PAYER.email, payerId: PAYPAL_SANDBOX_PAYER.payerId },
      });

      // What the SDK sent: its placeholders, from the merchant page, reaching the sandbox under the provider's name.
      const [created] = await sandbox.requests(flow === 'checkout' ? CREATE_PAYMENT : BILLING_AGREEMENT);
      expect(created).toMatchObject({
        origin: merchant,
        status: 201,
        body: { returnUrl: 'x', cancelUrl: 'x', braintreeLibraryVersion: 'braintree/web/3.26.0' },
      });
      const [tokenized] = await sandbox.requests(ACCOUNTS);
      expect(tokenized?.status).toBe(201);
      expect(tokenized?.body).toMatchObject({
        paypalAccount:
          flow === 'checkout'
            ? {
                paymentToken: expect.stringMatching(/^PAYID-/) as unknown,
                payerId: PAYPAL_SANDBOX_PAYER.payerId,
              }
            : {
                billingAgreementToken: expect.stringMatching(/^BA-/) as unknown,
                options: { validate: token !== null },
              },
      });

      await payWithNonce(page);
      if (flow === 'vault' && token) {
        expect(await savedPayPalEmails(token.fingerprint)).toContain(PAYPAL_SANDBOX_PAYER.email);
      }
    },
  );
}

test(
  'braintree-web hears a cancellation as PayPal’s onCancel and tokenizes nothing',
  PROVIDER_HOST_MAPPED,
  async ({ page, sandbox }) => {
    await openSdkPage(page, sandbox.key('demo_merchant'), 'checkout');
    await answer(await openApproval(page), 'cancel');
    await expect(page.locator('#status')).toHaveText('Cancelled');
    expect(await sandbox.settledRequests(ACCOUNTS)).toEqual([]);
  },
);
