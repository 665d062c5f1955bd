import { afterEach, beforeEach, describe, expect, inject, it, vi, type Mock } from 'vitest';
import { clearClientCache, createClient, type GatewayClient } from '../../client';
import { clientToken, stubFetch, type FetchCall, type StubAnswer } from '../../client/test-support';
import type { RawPaymentMethod } from '../../model';
import type { PayPalOptions } from '../../model/options';
import { PANEL_VERSION } from '../../shared/build-constants';
import { PanelError } from '../../shared/errors';
import { readFrameParams, wrap } from '../../shared/frame-channel';
import type { PayPalReturn, PayPalReturnMessage } from '../../shared/paypal-messages';
import {
  POPUP_POLL_INTERVAL_MS,
  createPayPalCheckout,
  openPayPalPopup,
  payPalPageUrl,
  type PayPalTokenizeOutcome,
  type PayPalTokenizeResult,
} from './index';

const { assets: ASSETS, gateway: GATEWAY } = inject('localOrigins');

const API = `${GATEWAY}/merchants/demo_merchant/client_api`;
const CONFIG_URL = `${API}/v1/configuration`;
const CREATE_URL = `${API}/v1/paypal_hermes/create_payment_resource`;
const AGREEMENT_URL = `${API}/v1/paypal_hermes/setup_billing_agreement`;
const ACCOUNTS_URL = `${API}/v1/payment_methods/paypal_accounts`;
const PAGES = `${ASSETS}/payment-panel/${PANEL_VERSION}/html`;
const KEY = 'sandbox_k9x2m4p7_demo_merchant';
const CUSTOMER_TOKEN = clientToken({
  authorizationFingerprint: 'abc|created_at=2024&merchant_id=demo_merchant&customer_id=returning_shopper',
  configUrl: CONFIG_URL,
});
const GUEST_TOKEN = clientToken({
  authorizationFingerprint: 'abc|created_at=2024&merchant_id=demo_merchant',
  configUrl: CONFIG_URL,
});

const EC_TOKEN = 'EC-4X2M8Q7RTY1ZB3K5P';
const BA_TOKEN = 'BA-7HJ3N2WQ9L1XC4V6D';
const PAYMENT_ID = 'PAYID-MXQ2T4Y7ABCDEFGHJKLMNPQR';
const PAYER_ID = 'PATPAYER7QX2L';

const PAYER_INFO = {
  email: 'pat.payer@example.com',
  firstName: 'Pat',
  lastName: 'Payer',
  payerId: PAYER_ID,
  countryCode: 'US',
};

const CREDIT = {
  totalCost: { value: '120.00', currency: 'USD' },
  term: 12,
  monthlyPayment: { value: '10.00', currency: 'USD' },
  totalInterest: { value: '0.00', currency: 'USD' },
  payerAcceptance: true,
  cartAmountImmutable: false,
};

const CHECKOUT: PayPalOptions = { flow: 'checkout', amount: '10.00', currency: 'USD' };
const VAULT: PayPalOptions = { flow: 'vault' };

function configuration(paypal: Record<string, unknown> = {}, paypalEnabled: boolean | undefined = true) {
  return {
    environment: 'sandbox',
    clientApiUrl: API,
    assetsUrl: ASSETS,
    analytics: { url: `${GATEWAY}/analytics/demo_merchant` },
    paypalEnabled,
    paypal: {
      clientId: 'sandbox-paypal-client-demo-merchant',
      displayName: 'Demo Merchant',
      unvettedMerchant: false,
      ...paypal,
    },
  };
}

function account(details: Record<string, unknown> = { email: PAYER_INFO.email, payerInfo: PAYER_INFO }) {
  return {
    paypalAccounts: [
      {
        nonce: 'tokenpp_sb_0123456789abcdef01234567',
        type: 'PayPalAccount',
        description: PAYER_INFO.email,
        details,
      },
    ],
  };
}

/** The sandbox's answers: create payment, setup agreement and tokenize succeed unless `answer` says otherwise. */
function defaultAnswer(call: FetchCall): StubAnswer | 'hang' {
  if (call.url === CREATE_URL) {
    return {
      status: 201,
      body: {
        paymentResource: {
          paymentToken: EC_TOKEN,
          intent: 'sale',
          redirectUrl: `${GATEWAY}/sandbox/paypal/approve?token=${EC_TOKEN}`,
        },
      },
    };
  }
  if (call.url === AGREEMENT_URL) {
    return {
      status: 201,
      body: {
        agreementSetup: {
          tokenId: BA_TOKEN,
          approvalUrl: `${GATEWAY}/sandbox/paypal/approve?ba_token=${BA_TOKEN}`,
        },
      },
    };
  }
  if (call.url === ACCOUNTS_URL) return { status: 201, body: account() };
  return { body: {} };
}

type Answer = (call: FetchCall) => StubAnswer | 'hang' | undefined;

interface Setup {
  client: GatewayClient;
  calls: FetchCall[];
  events: string[];
}

/** The requests of the latest client: where the popup is sent back is in the create-payment body. */
let latestCalls: FetchCall[] = [];

async function clientWith(
  options: { answer?: Answer; authorization?: string; configuration?: ReturnType<typeof configuration> } = {},
): Promise<Setup> {
  const { calls } = stubFetch((call) => {
    if (call.url.startsWith(CONFIG_URL)) return { body: options.configuration ?? configuration() };
    return options.answer?.(call) ?? defaultAnswer(call);
  });
  latestCalls = calls;
  const client = await createClient(options.authorization ?? KEY, {
    merchantAppId: 'shop.test',
    sessionId: 'session-1',
  });
  const events: string[] = [];
  vi.spyOn(client.analytics, 'send').mockImplementation((event, prefix = '') => {
    events.push(prefix + event);
  });
  return { client, calls, events };
}

interface FakePopup {
  closed: boolean;
  close: Mock<() => void>;
  location: { replace: Mock<(url: string) => void> };
}

function fakePopup(): FakePopup {
  const popup: FakePopup = {
    closed: false,
    close: vi.fn(() => {
      popup.closed = true;
    }),
    location: { replace: vi.fn() },
  };
  return popup;
}

function asWindow(popup: FakePopup): Window {
  return popup as unknown as Window;
}

/**
 * Where the popup was sent (the approval page) and where PayPal is to send it back: the return
 * and cancel URLs of the create-payment body and the channel they name.
 */
async function navigation(
  popup: FakePopup,
): Promise<{ approval: URL; returnUrl: URL; cancelUrl: URL; channel: string }> {
  await vi.waitFor(() => {
    expect(popup.location.replace).toHaveBeenCalled();
  });
  const approval = new URL(popup.location.replace.mock.calls[0]?.[0] ?? '');
  const created = latestCalls.filter((call) => call.url === CREATE_URL || call.url === AGREEMENT_URL).at(-1);
  const body = JSON.parse(created?.init.body as string) as { returnUrl: string; cancelUrl: string };
  const returnUrl = new URL(body.returnUrl);
  const params = readFrameParams(returnUrl.search);
  if (!params) throw new Error(`No channel in ${returnUrl.href}`);
  return { approval, returnUrl, cancelUrl: new URL(body.cancelUrl), channel: params.channel };
}

function deliver(data: unknown, source: unknown, origin = ASSETS): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }));
}

function approvedMessage(data: PayPalReturn, version = PANEL_VERSION): PayPalReturnMessage {
  return { type: 'paypalApproved', version, data };
}

const CANCELLED: PayPalReturnMessage = { type: 'paypalCancelled', version: PANEL_VERSION };

/** What PayPal adds to the return URL of an approved checkout. */
const CHECKOUT_APPROVAL: PayPalReturn = { paymentId: PAYMENT_ID, token: EC_TOKEN, PayerID: PAYER_ID };
/** What PayPal adds to the return URL of an approved agreement. */
const VAULT_APPROVAL: PayPalReturn = { ba_token: BA_TOKEN, token: EC_TOKEN };

/** Runs a tokenization until the popup shows the approval page, then returns `message` on its channel. */
async function land(popup: FakePopup, message: PayPalReturnMessage): Promise<void> {
  const { channel } = await navigation(popup);
  deliver(wrap(channel, message), popup);
}

function requestsTo(calls: readonly FetchCall[], url: string): FetchCall[] {
  return calls.filter((call) => call.url === url);
}

function bodyOf(call: FetchCall | undefined): Record<string, unknown> {
  return JSON.parse(call?.init.body as string) as Record<string, unknown>;
}

async function rejection(promise: Promise<unknown>): Promise<PanelError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('Expected a rejection');
}

function thrown(action: () => unknown): PanelError {
  try {
    action();
  } catch (error) {
    if (error instanceof PanelError) return error;
    throw error;
  }
  throw new Error('Expected an error');
}

beforeEach(() => {
  clearClientCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('createPayPalCheckout', () => {
  it('sends paypal-checkout.initialized', async () => {
    const { client, events } = await clientWith();
    createPayPalCheckout(client, { offerCredit: false });
    expect(events).toEqual(['web.paypal-checkout.initialized']);
  });

  it('throws PAYPAL_NOT_ENABLED when the merchant has PayPal off', async () => {
    const { client, events } = await clientWith({ configuration: configuration({}, false) });
    const error = thrown(() => createPayPalCheckout(client, { offerCredit: false }));
    expect(error.code).toBe('PAYPAL_NOT_ENABLED');
    expect(error.message).toBe('PayPal is not enabled for this merchant.');
    expect(events).toEqual([]);
  });

  it('throws PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED without a PayPal client id', async () => {
    const { client } = await clientWith({ configuration: configuration({ clientId: null }) });
    const error = thrown(() => createPayPalCheckout(client, { offerCredit: true }));
    expect(error.code).toBe('PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED');
    expect(error.type).toBe('MERCHANT');
  });

  it('throws INSTANTIATION_OPTION_REQUIRED without a client', () => {
    const error = thrown(() =>
      createPayPalCheckout(undefined as unknown as GatewayClient, { offerCredit: false }),
    );
    expect(error.code).toBe('INSTANTIATION_OPTION_REQUIRED');
  });
});

describe('tokenize: checkout', () => {
  it('creates the payment with the body of docs/protocol.md and the wallet time-out', async () => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(
      {
        ...CHECKOUT,
        intent: 'authorize',
        locale: 'en_US',
        enableShippingAddress: true,
        shippingAddressEditable: false,
        landingPageType: 'billing',
        shippingAddressOverride: {
          recipientName: 'Sam Shopper',
          line1: '2 B St',
          city: 'Austin',
          state: 'TX',
          postalCode: '78701',
          countryCode: 'US',
          // Not an address key: never flattened onto the body.
          amount: '0.01',
        } as PayPalOptions['shippingAddressOverride'],
      },
      asWindow(popup),
    );
    const { returnUrl, cancelUrl } = await navigation(popup);
    const body = bodyOf(requestsTo(calls, CREATE_URL)[0]);
    expect(body).toEqual({
      returnUrl: returnUrl.href,
      cancelUrl: cancelUrl.href,
      offerPaypalCredit: false,
      experienceProfile: {
        brandName: 'Demo Merchant',
        localeCode: 'en_US',
        noShipping: 'false',
        addressOverride: true,
        landingPageType: 'billing',
      },
      amount: '10.00',
      currencyIsoCode: 'USD',
      intent: 'authorize',
      recipientName: 'Sam Shopper',
      line1: '2 B St',
      city: 'Austin',
      state: 'TX',
      postalCode: '78701',
      countryCode: 'US',
      _meta: expect.objectContaining({ sessionId: 'session-1' }) as unknown,
      braintreeLibraryVersion: 'braintree/web/3.26.0',
      tokenizationKey: KEY,
    });
    checkout.teardown();
    await rejection(done);
  });

  it('sends the merchant’s display name and the defaults of an option left out', async () => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize({ ...CHECKOUT, amount: 25, displayName: 'Demo Store' }, asWindow(popup));
    await navigation(popup);
    const body = bodyOf(requestsTo(calls, CREATE_URL)[0]);
    expect(body.experienceProfile).toEqual({
      brandName: 'Demo Store',
      noShipping: 'true',
      addressOverride: false,
    });
    expect(body.amount).toBe(25);
    expect(body).not.toHaveProperty('intent');
    checkout.teardown();
    await rejection(done);
  });

  it('names the return and cancel pages of this version on the assets origin, with this approval’s channel', async () => {
    const { client } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(CHECKOUT, asWindow(popup));
    const { returnUrl, cancelUrl, channel } = await navigation(popup);
    const query = `?channel=${channel}&origin=${encodeURIComponent(location.origin)}&version=${PANEL_VERSION}`;
    expect(returnUrl.href).toBe(`${PAGES}/paypal-redirect-frame.html${query}`);
    expect(cancelUrl.href).toBe(`${PAGES}/paypal-cancel-frame.html${query}`);
    expect(readFrameParams(returnUrl.search)).toEqual({
      channel,
      parentOrigin: location.origin,
      version: PANEL_VERSION,
    });
    checkout.teardown();
    await rejection(done);
  });

  it('sends the popup to the gateway’s approval URL as it is', async () => {
    const redirectUrl = `${GATEWAY}/sandbox/paypal/approve?token=${EC_TOKEN}&locale=en%20US#top`;
    const { client } = await clientWith({
      answer: (call) =>
        call.url === CREATE_URL
          ? { status: 201, body: { paymentResource: { paymentToken: EC_TOKEN, redirectUrl } } }
          : undefined,
    });
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(CHECKOUT, asWindow(popup));
    await navigation(popup);
    expect(popup.location.replace).toHaveBeenCalledExactlyOnceWith(redirectUrl);
    checkout.teardown();
    await rejection(done);
  });

  it.each([
    [
      'a query',
      `${GATEWAY}/sandbox/paypal/approve?token=${EC_TOKEN}`,
      `${GATEWAY}/sandbox/paypal/approve?token=${EC_TOKEN}&useraction=commit`,
    ],
    ['no query', `${GATEWAY}/checkoutnow`, `${GATEWAY}/checkoutnow?useraction=commit`],
    [
      'parameters of PayPal’s own encoding',
      `${GATEWAY}/checkoutnow?locale.x=en%5FUS&token=${EC_TOKEN}&fundingSource=paypal%20credit`,
      `${GATEWAY}/checkoutnow?locale.x=en%5FUS&token=${EC_TOKEN}&fundingSource=paypal%20credit&useraction=commit`,
    ],
  ])(
    'adds useraction=commit to an approval URL with %s when the merchant asks for it',
    async (_, redirectUrl, expected) => {
      const { client } = await clientWith({
        answer: (call) =>
          call.url === CREATE_URL
            ? { status: 201, body: { paymentResource: { paymentToken: EC_TOKEN, redirectUrl } } }
            : undefined,
      });
      const popup = fakePopup();
      const checkout = createPayPalCheckout(client, { offerCredit: false });
      const done = checkout.tokenize({ ...CHECKOUT, useraction: 'commit' }, asWindow(popup));
      await navigation(popup);
      expect(popup.location.replace).toHaveBeenCalledExactlyOnceWith(expected);
      checkout.teardown();
      await rejection(done);
    },
  );

  it('adds nothing for a useraction other than commit', async () => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(
      { ...CHECKOUT, useraction: 'continue' } as unknown as PayPalOptions,
      asWindow(popup),
    );
    await navigation(popup);
    expect(popup.location.replace).toHaveBeenCalledExactlyOnceWith(
      `${GATEWAY}/sandbox/paypal/approve?token=${EC_TOKEN}`,
    );
    // The option is the approval page's, never the gateway's.
    expect(bodyOf(requestsTo(calls, CREATE_URL)[0])).not.toHaveProperty('useraction');
    checkout.teardown();
    await rejection(done);
  });

  it('tokenizes the approval with the body of docs/protocol.md and resolves the account', async () => {
    const { client, calls, events } = await clientWith({
      configuration: configuration({ unvettedMerchant: true }),
    });
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize({ ...CHECKOUT, intent: 'sale' }, asWindow(popup));
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    const outcome = await done;

    const expected: PayPalTokenizeResult = {
      nonce: 'tokenpp_sb_0123456789abcdef01234567',
      details: PAYER_INFO,
      type: 'PayPalAccount',
    };
    expect(outcome).toEqual({ status: 'approved', result: expected });
    // The result goes to the panel as it is.
    const raw: RawPaymentMethod | undefined = outcome.status === 'approved' ? outcome.result : undefined;
    expect(raw?.type).toBe('PayPalAccount');
    expect(bodyOf(requestsTo(calls, ACCOUNTS_URL)[0]).paypalAccount).toEqual({
      correlationId: EC_TOKEN,
      options: { validate: false },
      paymentToken: PAYMENT_ID,
      payerId: PAYER_ID,
      unilateral: true,
      intent: 'sale',
    });
    expect(popup.close).toHaveBeenCalled();
    expect(events).toEqual([
      'web.paypal-checkout.initialized',
      'web.paypal-checkout.createPayment',
      'web.paypal-checkout.tokenization.started',
      'web.paypal-checkout.tokenization.success',
    ]);
  });

  it('resolves details {} when the gateway sends no payer info, and never a vaulted checkout', async () => {
    const { client } = await clientWith({
      authorization: CUSTOMER_TOKEN,
      answer: (call) => (call.url === ACCOUNTS_URL ? { status: 201, body: account({}) } : undefined),
    });
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    expect(await done).toEqual({
      status: 'approved',
      result: { nonce: 'tokenpp_sb_0123456789abcdef01234567', details: {}, type: 'PayPalAccount' },
    });
  });

  it('resolves cancelled when the shopper cancels, without tokenizing', async () => {
    const { client, calls, events } = await clientWith();
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    await land(popup, CANCELLED);
    expect(await done).toEqual<PayPalTokenizeOutcome>({ status: 'cancelled' });
    expect(requestsTo(calls, ACCOUNTS_URL)).toEqual([]);
    expect(popup.close).toHaveBeenCalled();
    expect(events).not.toContain('web.paypal-checkout.tokenization.started');
  });
});

describe('tokenize: vault', () => {
  it('sets up the agreement with the body of docs/protocol.md', async () => {
    const { client, calls } = await clientWith({ authorization: CUSTOMER_TOKEN });
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(
      {
        ...VAULT,
        amount: '10.00',
        currency: 'USD',
        intent: 'sale',
        billingAgreementDescription: 'Monthly box',
        shippingAddressOverride: { line1: '2 B St', city: 'Austin' },
      },
      asWindow(popup),
    );
    const { approval, returnUrl, cancelUrl } = await navigation(popup);
    expect(approval.searchParams.get('ba_token')).toBe(BA_TOKEN);
    expect(returnUrl.pathname).toBe(`/payment-panel/${PANEL_VERSION}/html/paypal-redirect-frame.html`);
    expect(cancelUrl.pathname).toBe(`/payment-panel/${PANEL_VERSION}/html/paypal-cancel-frame.html`);
    const body = bodyOf(requestsTo(calls, AGREEMENT_URL)[0]);
    expect(body).toEqual({
      returnUrl: returnUrl.href,
      cancelUrl: cancelUrl.href,
      offerPaypalCredit: false,
      experienceProfile: { brandName: 'Demo Merchant', noShipping: 'true', addressOverride: false },
      shippingAddress: { line1: '2 B St', city: 'Austin' },
      description: 'Monthly box',
      _meta: expect.any(Object) as unknown,
      braintreeLibraryVersion: 'braintree/web/3.26.0',
      authorizationFingerprint: expect.stringContaining('customer_id=') as unknown,
    });
    expect(requestsTo(calls, CREATE_URL)).toEqual([]);
    checkout.teardown();
    await rejection(done);
  });

  it.each([
    ['a customer’s client token', CUSTOMER_TOKEN, true, true],
    ['a guest client token', GUEST_TOKEN, true, false],
    ['a tokenization key', KEY, false, false],
  ])('with %s: validate %s, vaulted %s', async (_, authorization, validate, vaulted) => {
    const { client, calls } = await clientWith({ authorization });
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(VAULT, asWindow(popup));
    await land(popup, approvedMessage(VAULT_APPROVAL));
    const outcome = await done;
    expect(bodyOf(requestsTo(calls, ACCOUNTS_URL)[0]).paypalAccount).toEqual({
      correlationId: BA_TOKEN,
      options: { validate },
      billingAgreementToken: BA_TOKEN,
    });
    expect(outcome.status === 'approved' && outcome.result.vaulted).toBe(vaulted ? true : undefined);
  });
});

describe('tokenize: the drop-in’s later PayPal options', () => {
  it('with vault: {vaultPayPal: false}, a customer’s agreement is not validated and not vaulted', async () => {
    const { client, calls } = await clientWith({ authorization: CUSTOMER_TOKEN });
    const popup = fakePopup();
    const options = { ...VAULT, vault: { vaultPayPal: false } };
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(options, asWindow(popup));
    await land(popup, approvedMessage(VAULT_APPROVAL));
    const outcome = await done;
    expect(bodyOf(requestsTo(calls, ACCOUNTS_URL)[0]).paypalAccount).toMatchObject({
      options: { validate: false },
    });
    expect(outcome.status === 'approved' && outcome.result).not.toHaveProperty('vaulted');
  });

  it('passes the options it does not read itself to create payment, never over its own, and takes commit', async () => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(
      {
        ...CHECKOUT,
        commit: true,
        buttonStyle: { color: 'blue' },
        lineItems: [{ name: 'Mug', quantity: '1' }],
        // A key the types do not name, as plain JavaScript passes it.
        ...({ returnUrl: 'https://elsewhere.test/' } as object),
      },
      asWindow(popup),
    );
    const { approval } = await navigation(popup);
    expect(approval.searchParams.get('useraction')).toBe('commit');
    const body = bodyOf(requestsTo(calls, CREATE_URL)[0]);
    expect(body).toMatchObject({ lineItems: [{ name: 'Mug', quantity: '1' }] });
    expect(body.returnUrl).not.toBe('https://elsewhere.test/');
    expect(body).not.toHaveProperty('buttonStyle');
    expect(body).not.toHaveProperty('commit');
    checkout.teardown();
    await rejection(done);
  });
});

describe('tokenize: PayPal Credit', () => {
  it('offers credit and hands on the accepted offer in details', async () => {
    const { client, calls, events } = await clientWith({
      answer: (call) =>
        call.url === ACCOUNTS_URL
          ? {
              status: 201,
              body: account({
                email: PAYER_INFO.email,
                payerInfo: PAYER_INFO,
                creditFinancingOffered: CREDIT,
              }),
            }
          : undefined,
    });
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: true }).tokenize(
      { ...CHECKOUT, amount: '120.00' },
      asWindow(popup),
    );
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    const outcome = await done;
    expect(bodyOf(requestsTo(calls, CREATE_URL)[0]).offerPaypalCredit).toBe(true);
    expect(outcome).toEqual({
      status: 'approved',
      result: {
        nonce: 'tokenpp_sb_0123456789abcdef01234567',
        details: { ...PAYER_INFO, creditFinancingOffered: CREDIT },
        type: 'PayPalAccount',
      },
    });
    expect(bodyOf(requestsTo(calls, CREATE_URL)[0])).not.toHaveProperty('offerPayLater');
    expect(events).toEqual([
      'web.paypal-checkout.initialized',
      'web.paypal-checkout.createPayment',
      'web.paypal-checkout.credit.offered',
      'web.paypal-checkout.tokenization.started',
      'web.paypal-checkout.credit.accepted',
      'web.paypal-checkout.tokenization.success',
    ]);
  });
});

/** The Pay in 4 plan of an 80.00 USD checkout, as the gateway sends it. */
const PAY_IN_4 = {
  totalCost: { value: '80.00', currency: 'USD' },
  term: 4,
  monthlyPayment: { value: '20.00', currency: 'USD' },
  totalInterest: { value: '0.00', currency: 'USD' },
  payerAcceptance: true,
  cartAmountImmutable: false,
};

describe('tokenize: Pay Later', () => {
  const PAY_LATER: PayPalOptions = { flow: 'checkout', amount: '80.00', currency: 'USD' };

  it('creates the payment with offerPayLater: true and hands on the plan taken in details', async () => {
    const { client, calls, events } = await clientWith({
      answer: (call) =>
        call.url === ACCOUNTS_URL
          ? {
              status: 201,
              body: account({
                email: PAYER_INFO.email,
                payerInfo: PAYER_INFO,
                creditFinancingOffered: PAY_IN_4,
              }),
            }
          : undefined,
    });
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false, offerPayLater: true }).tokenize(
      PAY_LATER,
      asWindow(popup),
    );
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    const outcome = await done;
    expect(bodyOf(requestsTo(calls, CREATE_URL)[0])).toMatchObject({
      offerPaypalCredit: false,
      offerPayLater: true,
      amount: '80.00',
      currencyIsoCode: 'USD',
    });
    expect(outcome).toEqual({
      status: 'approved',
      result: {
        nonce: 'tokenpp_sb_0123456789abcdef01234567',
        details: { ...PAYER_INFO, creditFinancingOffered: PAY_IN_4 },
        type: 'PayPalAccount',
      },
    });
    expect(events).toEqual([
      'web.paypal-checkout.initialized',
      'web.paypal-checkout.createPayment',
      'web.paypal-checkout.paylater.offered',
      'web.paypal-checkout.tokenization.started',
      'web.paypal-checkout.credit.accepted',
      'web.paypal-checkout.tokenization.success',
    ]);
  });

  it('hands on the payer alone when the shopper paid in full', async () => {
    const { client } = await clientWith();
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false, offerPayLater: true }).tokenize(
      PAY_LATER,
      asWindow(popup),
    );
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    const outcome = await done;
    expect(bodyOf(requestsTo(latestCalls, CREATE_URL)[0])).toMatchObject({ offerPayLater: true });
    expect(outcome.status === 'approved' && outcome.result.details).toEqual(PAYER_INFO);
  });

  it.each([
    ['PayPal', { offerCredit: false }],
    ['PayPal Credit', { offerCredit: true }],
    ['PayPal with offerPayLater: false', { offerCredit: false, offerPayLater: false }],
  ])('never sends offerPayLater for %s, not even when the option’s object has it', async (_, options) => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, options);
    const done = checkout.tokenize({ ...PAY_LATER, offerPayLater: true } as PayPalOptions, asWindow(popup));
    await navigation(popup);
    expect(bodyOf(requestsTo(calls, CREATE_URL)[0])).not.toHaveProperty('offerPayLater');
    checkout.teardown();
    await rejection(done);
  });

  it.each([
    ['a vault flow', { flow: 'vault' }, 'PAYPAL_FLOW_OPTION_REQUIRED', 'flow'],
    [
      'a vault flow with an amount',
      { flow: 'vault', amount: '80.00', currency: 'USD' },
      'PAYPAL_FLOW_OPTION_REQUIRED',
      'flow',
    ],
    ['no flow', { amount: '80.00', currency: 'USD' }, 'PAYPAL_FLOW_OPTION_REQUIRED', 'flow'],
    [
      'a checkout with no amount',
      { flow: 'checkout', currency: 'USD' },
      'PAYPAL_INVALID_PAYMENT_OPTION',
      'amount',
    ],
    [
      'a checkout with no currency',
      { flow: 'checkout', amount: '80.00' },
      'PAYPAL_INVALID_PAYMENT_OPTION',
      'currency',
    ],
  ])(
    'rejects %s with its catalogue error before any request, and pays a checkout afterwards',
    async (_, options, code, option) => {
      const { client, calls } = await clientWith();
      const popup = fakePopup();
      const checkout = createPayPalCheckout(client, { offerCredit: false, offerPayLater: true });
      const error = await rejection(checkout.tokenize(options as PayPalOptions, asWindow(popup)));
      expect(error.code).toBe(code);
      expect(error.message).toBe(
        code === 'PAYPAL_FLOW_OPTION_REQUIRED'
          ? 'PayPal flow property is invalid or missing.'
          : 'PayPal payment options are invalid.',
      );
      expect(error.details).toEqual({ option });
      expect(popup.close).toHaveBeenCalled();
      expect(requestsTo(calls, CREATE_URL)).toEqual([]);
      expect(requestsTo(calls, AGREEMENT_URL)).toEqual([]);
      // The checkout stays usable: a Pay Later checkout runs afterwards.
      const next = fakePopup();
      const done = checkout.tokenize(PAY_LATER, asWindow(next));
      await navigation(next);
      expect(bodyOf(requestsTo(calls, CREATE_URL)[0])).toMatchObject({ offerPayLater: true });
      checkout.teardown();
      await rejection(done);
    },
  );
});

describe('tokenize: the return message', () => {
  it('acts only on a page in this popup, at the assets origin, on this approval’s channel', async () => {
    const { client } = await clientWith();
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    const { channel } = await navigation(popup);
    const cancel = CANCELLED;
    let settled = false;
    void done.finally(() => {
      settled = true;
    });
    deliver(wrap(channel, cancel), popup, 'https://evil.example');
    deliver(wrap(channel, cancel), popup, GATEWAY);
    deliver(wrap(channel, cancel), window);
    deliver(wrap('1b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10', cancel), popup);
    deliver(wrap(channel, { type: 'paypalCancelled' }), popup);
    deliver(
      wrap(channel, { type: 'paypalApproved', version: PANEL_VERSION, data: { token: EC_TOKEN } }),
      popup,
    );
    // The answer of the landing page this replaces, in its old spelling.
    deliver(
      wrap(channel, {
        type: 'paypalApproved',
        version: PANEL_VERSION,
        data: { paymentToken: EC_TOKEN, paymentID: PAYMENT_ID, payerID: PAYER_ID },
      }),
      popup,
    );
    deliver({ channel, message: cancel }, popup);
    deliver(JSON.stringify(wrap(channel, cancel)), popup);
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(popup.close).not.toHaveBeenCalled();
    deliver(wrap(channel, cancel), popup);
    expect(await done).toEqual({ status: 'cancelled' });
  });

  it('rejects with INCOMPATIBLE_VERSIONS for a return page of another version', async () => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    await land(popup, approvedMessage(CHECKOUT_APPROVAL, '0.0.1'));
    const error = await rejection(done);
    expect(error.code).toBe('INCOMPATIBLE_VERSIONS');
    expect(requestsTo(calls, ACCOUNTS_URL)).toEqual([]);
  });

  it.each([
    ['another payment’s token', { ...CHECKOUT_APPROVAL, token: 'EC-OTHER' }, CHECKOUT],
    ['a vault approval for a checkout', VAULT_APPROVAL, CHECKOUT],
    ['a checkout approval for a vault', CHECKOUT_APPROVAL, VAULT],
    ['another agreement’s token', { ...VAULT_APPROVAL, ba_token: 'BA-OTHER' }, VAULT],
  ])('rejects with PAYPAL_ACCOUNT_TOKENIZATION_FAILED for %s', async (_, data, flow) => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(flow, asWindow(popup));
    await land(popup, approvedMessage(data));
    expect((await rejection(done)).code).toBe('PAYPAL_ACCOUNT_TOKENIZATION_FAILED');
    expect(requestsTo(calls, ACCOUNTS_URL)).toEqual([]);
  });
});

describe('tokenize: the popup', () => {
  it('rejects with PAYPAL_POPUP_CLOSED when the shopper closes the popup, and leaves nothing running', async () => {
    vi.useFakeTimers();
    const { client, events } = await clientWith();
    const popup = fakePopup();
    const removeListener = vi.spyOn(window, 'removeEventListener');
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    await navigation(popup);
    popup.closed = true;
    const error = rejection(done);
    await vi.advanceTimersByTimeAsync(2 * POPUP_POLL_INTERVAL_MS);
    expect((await error).code).toBe('PAYPAL_POPUP_CLOSED');
    expect((await error).type).toBe('CUSTOMER');
    expect(removeListener).toHaveBeenCalledWith('message', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
    expect(events).not.toContain('web.paypal-checkout.tokenization.failed');
  });

  it('rejects with PAYPAL_POPUP_CLOSED while the payment is being created, and abandons the request', async () => {
    vi.useFakeTimers();
    const { client, calls } = await clientWith({
      answer: (call) => (call.url === CREATE_URL ? 'hang' : undefined),
    });
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    const error = rejection(done);
    await vi.waitFor(() => {
      expect(requestsTo(calls, CREATE_URL)).toHaveLength(1);
    });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(2 * POPUP_POLL_INTERVAL_MS);
    expect((await error).code).toBe('PAYPAL_POPUP_CLOSED');
    expect(requestsTo(calls, CREATE_URL)[0]?.init.signal?.aborted).toBe(true);
    expect(popup.location.replace).not.toHaveBeenCalled();
  });

  it('still takes an answer that arrives just after the return page closed the popup', async () => {
    vi.useFakeTimers();
    const { client } = await clientWith();
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    const { channel } = await navigation(popup);
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_POLL_INTERVAL_MS);
    deliver(wrap(channel, CANCELLED), popup);
    expect(await done).toEqual({ status: 'cancelled' });
  });

  it('rejects a popup already closed with PAYPAL_POPUP_CLOSED, and none with PAYPAL_POPUP_OPEN_FAILED', async () => {
    const { client, calls } = await clientWith();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const popup = fakePopup();
    popup.closed = true;
    expect((await rejection(checkout.tokenize(CHECKOUT, asWindow(popup)))).code).toBe('PAYPAL_POPUP_CLOSED');
    expect((await rejection(checkout.tokenize(CHECKOUT, null as unknown as Window))).code).toBe(
      'PAYPAL_POPUP_OPEN_FAILED',
    );
    expect(requestsTo(calls, CREATE_URL)).toEqual([]);
  });

  it('refuses a second tokenization while one runs, leaving its popup alone', async () => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const credit = createPayPalCheckout(client, { offerCredit: true });
    const done = checkout.tokenize(CHECKOUT, asWindow(popup));
    const { channel } = await navigation(popup);

    const again = await rejection(checkout.tokenize(CHECKOUT, asWindow(popup)));
    expect(again.code).toBe('PAYPAL_TOKENIZATION_REQUEST_ACTIVE');
    expect(again.message).toBe('Another tokenization request is active.');
    // The other button of the panel hands over the same named popup.
    expect((await rejection(credit.tokenize(CHECKOUT, asWindow(popup)))).code).toBe(
      'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
    );
    // A fresh popup (the approval's own closed after the shopper approved) is not needed.
    const other = fakePopup();
    expect((await rejection(checkout.tokenize(CHECKOUT, asWindow(other)))).code).toBe(
      'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
    );
    expect(other.close).toHaveBeenCalled();
    expect(popup.close).not.toHaveBeenCalled();
    expect(popup.location.replace).toHaveBeenCalledOnce();
    expect(requestsTo(calls, CREATE_URL)).toHaveLength(1);

    deliver(wrap(channel, CANCELLED), popup);
    expect(await done).toEqual({ status: 'cancelled' });
    // Done: the next one may start.
    const next = fakePopup();
    const nextDone = checkout.tokenize(CHECKOUT, asWindow(next));
    await land(next, CANCELLED);
    expect(await nextDone).toEqual({ status: 'cancelled' });
  });
});

describe('tokenize: options', () => {
  it.each([
    ['no flow', {}],
    ['an unknown flow', { flow: 'subscribe' }],
    ['no options', undefined],
  ])('rejects %s with PAYPAL_FLOW_OPTION_REQUIRED and closes the popup', async (_, options) => {
    const { client, calls } = await clientWith();
    const popup = fakePopup();
    const error = await rejection(
      createPayPalCheckout(client, { offerCredit: false }).tokenize(
        options as PayPalOptions,
        asWindow(popup),
      ),
    );
    expect(error.code).toBe('PAYPAL_FLOW_OPTION_REQUIRED');
    expect(error.message).toBe('PayPal flow property is invalid or missing.');
    expect(popup.close).toHaveBeenCalled();
    expect(requestsTo(calls, CREATE_URL)).toEqual([]);
  });

  it.each([
    ['no amount', { flow: 'checkout', currency: 'USD' }, 'amount'],
    ['an empty amount', { flow: 'checkout', amount: ' ', currency: 'USD' }, 'amount'],
    ['an amount that is no number', { flow: 'checkout', amount: Number.NaN, currency: 'USD' }, 'amount'],
    ['no currency', { flow: 'checkout', amount: '10.00' }, 'currency'],
  ])(
    'rejects a checkout with %s with PAYPAL_INVALID_PAYMENT_OPTION before any request',
    async (_, options, option) => {
      const { client, calls } = await clientWith();
      const popup = fakePopup();
      const error = await rejection(
        createPayPalCheckout(client, { offerCredit: false }).tokenize(
          options as PayPalOptions,
          asWindow(popup),
        ),
      );
      expect(error.code).toBe('PAYPAL_INVALID_PAYMENT_OPTION');
      expect(error.details).toEqual({ option });
      expect(popup.close).toHaveBeenCalled();
      expect(requestsTo(calls, CREATE_URL)).toEqual([]);
    },
  );
});

describe('tokenize: create payment fails', () => {
  it.each<[string, StubAnswer | 'hang', string]>([
    [
      'HTTP 422',
      { status: 422, body: { error: { message: 'Invalid amount' } } },
      'PAYPAL_INVALID_PAYMENT_OPTION',
    ],
    ['HTTP 500', { status: 500 }, 'CLIENT_GATEWAY_NETWORK'],
    ['HTTP 403', { status: 403 }, 'CLIENT_AUTHORIZATION_INSUFFICIENT'],
    [
      'an answer without a token',
      { status: 201, body: { paymentResource: { redirectUrl: `${GATEWAY}/x` } } },
      'PAYPAL_FLOW_FAILED',
    ],
    ['a body that is not JSON', { status: 201, body: '{"paymentRes' }, 'PAYPAL_FLOW_FAILED'],
    [
      'an approval page off the allowed domains',
      {
        status: 201,
        body: { paymentResource: { paymentToken: EC_TOKEN, redirectUrl: 'https://evil.example/approve' } },
      },
      'PAYPAL_FLOW_FAILED',
    ],
    [
      'an approval page that is no https page',
      {
        status: 201,
        body: { paymentResource: { paymentToken: EC_TOKEN, redirectUrl: 'javascript:alert(1)' } },
      },
      'PAYPAL_FLOW_FAILED',
    ],
  ])('on %s rejects with %s and closes the popup', async (_, answer, code) => {
    const { client } = await clientWith({ answer: (call) => (call.url === CREATE_URL ? answer : undefined) });
    const popup = fakePopup();
    const error = await rejection(
      createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup)),
    );
    expect(error.code).toBe(code);
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.replace).not.toHaveBeenCalled();
  });

  it('gives up after the 30 s wallet time-out with CLIENT_REQUEST_TIMEOUT', async () => {
    vi.useFakeTimers();
    const { client } = await clientWith({ answer: (call) => (call.url === CREATE_URL ? 'hang' : undefined) });
    const popup = fakePopup();
    const error = rejection(
      createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup)),
    );
    await vi.advanceTimersByTimeAsync(29_999);
    expect(popup.close).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect((await error).code).toBe('CLIENT_REQUEST_TIMEOUT');
    expect(popup.close).toHaveBeenCalled();
  });
});

describe('tokenize: tokenize fails', () => {
  it.each<[string, StubAnswer, string]>([
    ['HTTP 422', { status: 422, body: { error: { message: 'Used' } } }, 'CLIENT_REQUEST_ERROR'],
    ['HTTP 500', { status: 500 }, 'CLIENT_GATEWAY_NETWORK'],
    [
      'an answer without accounts',
      { status: 201, body: { paypalAccounts: [] } },
      'PAYPAL_ACCOUNT_TOKENIZATION_FAILED',
    ],
    [
      'an account without a nonce',
      { status: 201, body: { paypalAccounts: [{ type: 'PayPalAccount' }] } },
      'PAYPAL_ACCOUNT_TOKENIZATION_FAILED',
    ],
    ['a body that is not JSON', { status: 201, body: 'oops' }, 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED'],
  ])('on %s rejects with %s', async (_, answer, code) => {
    const { client, events } = await clientWith({
      answer: (call) => (call.url === ACCOUNTS_URL ? answer : undefined),
    });
    const popup = fakePopup();
    const done = createPayPalCheckout(client, { offerCredit: false }).tokenize(CHECKOUT, asWindow(popup));
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    expect((await rejection(done)).code).toBe(code);
    expect(events.at(-1)).toBe('web.paypal-checkout.tokenization.failed');
  });
});

describe('teardown', () => {
  it('closes the popup, rejects the running tokenization and leaves nothing running', async () => {
    vi.useFakeTimers();
    const { client } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(CHECKOUT, asWindow(popup));
    const { channel } = await navigation(popup);
    checkout.teardown();
    const error = await rejection(done);
    expect(error.code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(error.message).toBe('tokenize cannot be called after teardown.');
    expect(popup.close).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    // The listener is gone: a late answer changes nothing.
    deliver(wrap(channel, CANCELLED), popup);
    checkout.teardown();
  });

  it('abandons a tokenize request in flight without reporting a failure', async () => {
    const { client, calls, events } = await clientWith({
      answer: (call) => (call.url === ACCOUNTS_URL ? 'hang' : undefined),
    });
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(CHECKOUT, asWindow(popup));
    await land(popup, approvedMessage(CHECKOUT_APPROVAL));
    await vi.waitFor(() => {
      expect(requestsTo(calls, ACCOUNTS_URL)).toHaveLength(1);
    });
    checkout.teardown();
    expect((await rejection(done)).code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(requestsTo(calls, ACCOUNTS_URL)[0]?.init.signal?.aborted).toBe(true);
    await Promise.resolve();
    expect(events).not.toContain('web.paypal-checkout.tokenization.failed');
  });

  it('makes later calls fail with METHOD_CALLED_AFTER_TEARDOWN and closes their popup', async () => {
    const { client, calls } = await clientWith();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    checkout.teardown();
    const popup = fakePopup();
    const error = await rejection(checkout.tokenize(CHECKOUT, asWindow(popup)));
    expect(error.code).toBe('METHOD_CALLED_AFTER_TEARDOWN');
    expect(popup.close).toHaveBeenCalled();
    expect(requestsTo(calls, CREATE_URL)).toEqual([]);
  });
});

describe('openPayPalPopup', () => {
  it('opens the named popup at the landing page of this version on the assets origin', async () => {
    const { client } = await clientWith();
    const opened = fakePopup();
    const open = vi.spyOn(window, 'open').mockReturnValue(asWindow(opened));
    expect(payPalPageUrl(client)).toBe(`${PAGES}/paypal-landing-frame.html`);
    expect(openPayPalPopup(client, 'payment-panel-paypal', 'popup,width=450')).toBe(asWindow(opened));
    expect(open).toHaveBeenCalledExactlyOnceWith(
      `${PAGES}/paypal-landing-frame.html`,
      'payment-panel-paypal',
      'popup,width=450',
    );
  });

  it('answers null when the browser blocks the popup', async () => {
    const { client } = await clientWith();
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openPayPalPopup(client, 'payment-panel-paypal', 'popup')).toBeNull();
  });

  it('only finds the named popup while an approval runs, leaving PayPal’s page in it', async () => {
    const { client } = await clientWith();
    const popup = fakePopup();
    const checkout = createPayPalCheckout(client, { offerCredit: false });
    const done = checkout.tokenize(CHECKOUT, asWindow(popup));
    await navigation(popup);
    const open = vi.spyOn(window, 'open').mockReturnValue(asWindow(popup));
    const again = openPayPalPopup(client, 'payment-panel-paypal', 'popup');
    expect(open).toHaveBeenCalledExactlyOnceWith('', 'payment-panel-paypal', 'popup');
    expect((await rejection(checkout.tokenize(CHECKOUT, again as Window))).code).toBe(
      'PAYPAL_TOKENIZATION_REQUEST_ACTIVE',
    );
    expect(popup.close).not.toHaveBeenCalled();
    deliver(wrap((await navigation(popup)).channel, CANCELLED), popup);
    expect(await done).toEqual({ status: 'cancelled' });
    // Done: the next click opens the landing page again.
    openPayPalPopup(client, 'payment-panel-paypal', 'popup');
    expect(open).toHaveBeenLastCalledWith(
      `${PAGES}/paypal-landing-frame.html`,
      'payment-panel-paypal',
      'popup',
    );
  });
});
