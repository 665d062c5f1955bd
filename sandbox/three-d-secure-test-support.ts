/**
 * Helpers of the 3D Secure unit tests: a card nonce under a client token, the lookup, and the bank frame's
 * part (docs/protocol.md, "Version 1"): posting to the bank, pressing one of its buttons, and reading the
 * answer the term URL sends to the authentication-complete page.
 * @packageDocumentation
 */
import { THREE_D_SECURE_COMPLETE_PAGE } from '../src/shared/three-d-secure-messages';
import {
  fingerprintAuth,
  record,
  TEST_ASSETS_ORIGIN,
  type TestResponse,
  type TestSandbox,
} from './test-server';

/** The base URL the bank frame hands the gateway: the complete page with its channel, ending with `&`. */
export const COMPLETE_BASE = `${TEST_ASSETS_ORIGIN}/payment-panel/1.9.2/${THREE_D_SECURE_COMPLETE_PAGE}?channel=0b7c1f2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b&origin=https%3A%2F%2Fshop.test&version=1.9.2&`;

/** The auth parameters of a client token of a merchant, for a guest unless a customer is named. */
export async function tokenAuth(
  sandbox: TestSandbox,
  merchantId = 'demo_merchant',
  customerId?: string,
): Promise<Record<string, string>> {
  return fingerprintAuth(await sandbox.clientToken({ merchantId, ...(customerId ? { customerId } : {}) }));
}

/** Tokenizes a card and answers its nonce. */
export async function cardNonce(
  sandbox: TestSandbox,
  number: string,
  auth: Record<string, string>,
  merchantId = 'demo_merchant',
): Promise<string> {
  const creditCard = {
    number,
    expiration_month: '09',
    expiration_year: String(new Date().getFullYear() + 2),
    cvv: number.length === 15 ? '1234' : '123',
    billing_address: { postal_code: '12345' },
  };
  const response = await sandbox.clientApi(merchantId, 'creditCards', { body: { creditCard }, auth });
  const cards = record(response.body).creditCards;
  const nonce = Array.isArray(cards) ? record(cards[0]).nonce : undefined;
  if (typeof nonce !== 'string') throw new Error(`Tokenizing ${number} answered ${response.status}`);
  return nonce;
}

/** The lookup of a nonce. */
export function lookup(
  sandbox: TestSandbox,
  nonce: string,
  auth: Record<string, string>,
  body: Record<string, unknown> = { amount: '10.00' },
  merchantId = 'demo_merchant',
): Promise<TestResponse> {
  return sandbox.clientApi(merchantId, 'threeDSecureLookup', { params: { nonce }, body, auth });
}

/** The `lookup` part of a lookup's answer. */
export interface LookupPart {
  acsUrl: string | null;
  pareq: string;
  md: string;
  termUrl: string;
}

/** The `lookup` part of a lookup's answer, failing loudly when it is not there. */
export function lookupPart(response: TestResponse): LookupPart {
  const part = record(record(response.body).lookup);
  const { acsUrl, pareq, md, termUrl } = part;
  if (
    (acsUrl !== null && typeof acsUrl !== 'string') ||
    typeof pareq !== 'string' ||
    typeof md !== 'string' ||
    typeof termUrl !== 'string'
  ) {
    throw new Error(`No lookup in ${JSON.stringify(response.body)}`);
  }
  return { acsUrl, pareq, md, termUrl };
}

/** Tokenizes a card of the demo merchant under a guest client token and looks it up. */
export async function lookedUp(
  sandbox: TestSandbox,
  number: string,
  body: Record<string, unknown> = { amount: '10.00' },
): Promise<{ nonce: string; response: TestResponse; part: LookupPart }> {
  const auth = await tokenAuth(sandbox);
  const nonce = await cardNonce(sandbox, number, auth);
  const response = await lookup(sandbox, nonce, auth, body);
  if (response.status !== 201) throw new Error(`lookup answered ${response.status}`);
  return { nonce, response, part: lookupPart(response) };
}

/** The TermUrl the bank frame posts: the lookup's, with the version and the complete page's URL appended blindly. */
export function bankFrameTermUrl(termUrl: string, base = COMPLETE_BASE): string {
  return `${termUrl}&three_d_secure_version=3.26.0&authentication_complete_base_url=${encodeURIComponent(base)}`;
}

/** An answer to a form post, redirects not followed. */
export interface FormAnswer {
  status: number;
  headers: Headers;
  location: string | null;
  text: string;
}

/** Posts a form (fields in order) to a URL of the sandbox, not following redirects. */
export async function postForm(
  sandbox: TestSandbox,
  url: string,
  fields: Record<string, string>,
  contentType = 'application/x-www-form-urlencoded',
): Promise<FormAnswer> {
  const response = await fetch(new URL(url, sandbox.origin), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return {
    status: response.status,
    headers: response.headers,
    location: response.headers.get('location'),
    text: await response.text(),
  };
}

/** What the bank frame posts to the bank for a lookup. */
export function bankFrameFields(part: LookupPart, base = COMPLETE_BASE): Record<string, string> {
  return { PaReq: part.pareq, MD: part.md, TermUrl: bankFrameTermUrl(part.termUrl, base) };
}

/** The bank frame's post to the bank (the lookup's `acsUrl`). */
export function openBank(sandbox: TestSandbox, part: LookupPart, base = COMPLETE_BASE): Promise<FormAnswer> {
  if (part.acsUrl === null) throw new Error('The lookup has no acsUrl');
  return postForm(sandbox, part.acsUrl, bankFrameFields(part, base));
}

/** A button's form on the bank's page. */
export interface BankForm {
  action: string;
  fields: Record<string, string>;
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The form holding the button of this id on the bank's page. */
export function bankForm(html: string, button: 'approve' | 'fail'): BankForm {
  for (const match of html.matchAll(/<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/g)) {
    const [, action = '', inner = ''] = match;
    if (!inner.includes(`id="${button}"`)) continue;
    const fields: Record<string, string> = {};
    for (const input of inner.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
      fields[unescapeHtml(input[1] ?? '')] = unescapeHtml(input[2] ?? '');
    }
    return { action: unescapeHtml(action), fields };
  }
  throw new Error(`No ${button} button in the page`);
}

/** Presses a button of the bank's page: posts its form to its action. */
export function press(sandbox: TestSandbox, html: string, button: 'approve' | 'fail'): Promise<FormAnswer> {
  const form = bankForm(html, button);
  return postForm(sandbox, form.action, form.fields);
}

/** The auth response of a term URL's redirect, after checking it goes to the base URL. */
export function authResponseOf(location: string | null, base = COMPLETE_BASE): Record<string, unknown> {
  const prefix = `${base}auth_response=`;
  if (location?.startsWith(prefix) !== true) throw new Error(`Unexpected redirect ${String(location)}`);
  return record(JSON.parse(decodeURIComponent(location.slice(prefix.length))));
}

/** Looks a card up, opens the bank and presses a button: the term URL's answer. */
export async function authenticate(
  sandbox: TestSandbox,
  number: string,
  button: 'approve' | 'fail',
): Promise<{ lookupResponse: TestResponse; answer: FormAnswer }> {
  const { response, part } = await lookedUp(sandbox, number);
  const bank = await openBank(sandbox, part);
  if (bank.status !== 200) throw new Error(`The bank answered ${bank.status}: ${bank.text}`);
  return { lookupResponse: response, answer: await press(sandbox, bank.text, button) };
}
