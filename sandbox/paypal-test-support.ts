/**
 * Helpers of the PayPal unit tests: the bodies the panel sends (docs/protocol.md, "PayPal"), and a flow
 * driven through create payment and the approval page's buttons.
 * @packageDocumentation
 */
import { PAYPAL_CANCEL_PAGE, PAYPAL_RETURN_PAGE } from '../src/shared/paypal-messages';
import { APPROVE_PATH, CANCEL_PATH } from './stand-ins/paypal-approval';
import { record, TEST_ASSETS_ORIGIN, type TestResponse, type TestSandbox } from './test-server';

/** The panel's part of the return and cancel URLs' query: its channel, page origin and version. */
export const PANEL_QUERY =
  'channel=0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10&origin=https%3A%2F%2Fshop.test&version=1.9.2';

/** The return URL the panel sends: its return page on the assets origin. */
export const RETURN_URL = `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/${PAYPAL_RETURN_PAGE}?${PANEL_QUERY}`;

/** The cancel URL the panel sends: its cancel page on the assets origin. */
export const CANCEL_URL = `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/${PAYPAL_CANCEL_PAGE}?${PANEL_QUERY}`;

/** A checkout body as the panel sends it. */
export function checkoutBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    returnUrl: RETURN_URL,
    cancelUrl: CANCEL_URL,
    offerPaypalCredit: false,
    experienceProfile: { brandName: 'Demo Store', noShipping: 'true', addressOverride: false },
    amount: '10.00',
    currencyIsoCode: 'USD',
    ...overrides,
  };
}

/** A vault body as the panel sends it. */
export function vaultBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    returnUrl: RETURN_URL,
    cancelUrl: CANCEL_URL,
    offerPaypalCredit: false,
    experienceProfile: { noShipping: 'true', addressOverride: false },
    ...overrides,
  };
}

/** The flow token and approval URL of a create-payment answer. */
export function created(response: TestResponse): { token: string; url: string } {
  const body = record(response.body);
  const resource =
    body.paymentResource === undefined ? record(body.agreementSetup) : record(body.paymentResource);
  const token = resource.paymentToken ?? resource.tokenId;
  const url = resource.redirectUrl ?? resource.approvalUrl;
  if (typeof token !== 'string' || typeof url !== 'string') {
    throw new Error(`No token in ${JSON.stringify(body)}`);
  }
  return { token, url };
}

/** Posts one of the approval page's buttons and answers the 303's status and location, unfollowed. */
export async function press(
  sandbox: TestSandbox,
  button: 'approve' | 'cancel',
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; text: string }> {
  const response = await fetch(new URL(button === 'approve' ? APPROVE_PATH : CANCEL_PATH, sandbox.origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/**
 * Creates a flow with the merchant's tokenization key (unless `auth` replaces it), has the sandbox
 * payer approve it, and returns the query of the return URL the approval page redirects to.
 */
export async function approvedFlow(
  sandbox: TestSandbox,
  kind: 'checkout' | 'vault',
  options: {
    body?: Record<string, unknown>;
    auth?: Record<string, string>;
    merchantId?: string;
    /** More fields of the Approve form, e.g. the payer's `funding` choice. */
    fields?: Record<string, string>;
  } = {},
): Promise<{ token: string; query: URLSearchParams }> {
  const response = await sandbox.clientApi(
    options.merchantId ?? 'demo_merchant',
    kind === 'checkout' ? 'createPaymentResource' : 'setupBillingAgreement',
    {
      body: options.body ?? (kind === 'checkout' ? checkoutBody() : vaultBody()),
      ...(options.auth ? { auth: options.auth } : {}),
    },
  );
  if (response.status !== 201) throw new Error(`create payment answered ${response.status}`);
  const { token } = created(response);
  const answer = await press(sandbox, 'approve', { token, ...options.fields });
  if (answer.status !== 303 || answer.location === null) throw new Error(`approve answered ${answer.status}`);
  return { token, query: new URL(answer.location).searchParams };
}
