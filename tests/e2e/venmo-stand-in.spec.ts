/**
 * The sandbox's Venmo page in a real browser: what only a browser shows. Its strict policy lets its own
 * script run and call the gateway, axe finds nothing to fault, the keyboard answers it, and Approve sends the shopper back to the
 * merchant's page with the nonce, after setting the payment context (docs/sandbox.md, "Venmo in the sandbox").
 * The panel's own Venmo flows are tested with the panel.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { localOrigins } from '../../server/origins';
import { VENMO_STAND_IN_PATHS } from '../../src/shared/flavours';
import { expect, test } from './support/fixtures';

const origins = localOrigins();

/** A GraphQL call of the sandbox's API with a tokenization key, as the provider's SDK sends it. */
async function graphQL(request: APIRequestContext, key: string, query: string, variables: unknown) {
  const response = await request.post(`${origins.gateway}/graphql`, {
    headers: { authorization: `Bearer ${key}`, 'braintree-version': '2018-05-10' },
    data: { query, variables },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

test('the Venmo page runs under its policy, is accessible, answers the keyboard and returns with the nonce', async ({
  page,
  request,
  sandbox,
}) => {
  const key = sandbox.key('demo_merchant');
  const created = await graphQL(
    request,
    key,
    'mutation ($input: CreateVenmoPaymentContextInput!) { createVenmoPaymentContext(input: $input) { venmoPaymentContext { id } } }',
    { input: { paymentMethodUsage: 'SINGLE_USE', intent: 'CONTINUE', customerClient: 'MOBILE_WEB' } },
  );
  const { venmoPaymentContext } = created.createVenmoPaymentContext as {
    venmoPaymentContext: { id: string };
  };
  const { id } = venmoPaymentContext;
  const violations: string[] = [];
  await page.exposeBinding('reportViolation', (_source, directive: string) => {
    violations.push(directive);
  });
  await page.addInitScript(() => {
    window.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (d: string) => void }).reportViolation(
        event.effectiveDirective,
      );
    });
  });
  const returnTo = `${origins.merchant}/minimal.html`;
  const query = new URLSearchParams({
    resource_id: id,
    'x-success': `${returnTo}#venmoSuccess=1`,
    'x-cancel': `${returnTo}#venmoCancel=1`,
    'x-error': `${returnTo}#venmoError=1`,
    braintree_merchant_id: 'venmo-merchant-id',
    braintree_access_token: 'access_token$sandbox$venmo-merchant-id',
    braintree_environment: 'sandbox',
  });
  const response = await page.goto(`${origins.gateway}${VENMO_STAND_IN_PATHS.app}?${query.toString()}`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page).toHaveTitle('Venmo sandbox – the Venmo app');
  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(axe.violations).toEqual([]);
  await page.getByRole('button', { name: 'Approve' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/#venmoSuccess=1&paymentMethodNonce=tokenvm_sb_[0-9a-f]{24}&username=%40venmojoe$/);
  expect(new URL(page.url()).origin).toBe(origins.merchant);
  const nonce = /paymentMethodNonce=([^&]+)/.exec(page.url())?.[1];
  const status = await graphQL(
    request,
    key,
    'query ($id: ID!) { node(id: $id) { ... on VenmoPaymentContext { status paymentMethodId userName } } }',
    { id },
  );
  expect(status.node).toEqual({ status: 'APPROVED', paymentMethodId: nonce, userName: 'venmojoe' });
  expect(violations).toEqual([]);
});
