/**
 * How far the tokenizing card frame trusts the merchant page (docs/architecture.md, "Frames and their
 * channel"): a script of the page re-sending `configureTokenizer` after the panel configured the
 * frames, with another gateway path or another merchant's authorization, to the tokenizer or to
 * another card frame, is refused and the card still goes to the configured merchant's client API;
 * a gateway error's body never reaches the page, only its status and codes.
 */
import { localOrigins } from '../../server/origins';
import type { PaymentPanelElement } from '../../src/element/payment-panel-element';
import { VISA, type CardFields } from './models/card-fields';
import type { PanelPage } from './models/panel';
import { CALL_PATHS, type Sandbox } from './models/sandbox';
import { expect, test } from './support/fixtures';
import { postToHostedFieldFrames } from './support/hostile-messages';

const { gateway } = localOrigins();

/** What the panel itself sends, but for the gateway, as a hostile script of the page would. */
function configuration(clientApiUrl: string, authorization: string): Record<string, unknown> {
  return {
    type: 'configureTokenizer',
    fields: ['number', 'expirationDate', 'cvv', 'postalCode'],
    clientApiUrl,
    authorization,
    metadata: { sessionId: 'hostile' },
    supportedCardTypes: ['Visa', 'MasterCard', 'American Express', 'Discover'],
  };
}

/** Each hostile configuration, made of the test's keys. */
const HOSTILE_CONFIGURATIONS: Record<string, (sandbox: Sandbox) => Record<string, unknown>> = {
  // Another merchant of the gateway, with its own key and client API: a configuration the
  // gateway would take, so only "once per channel" stands in the way.
  "another merchant's authorization and client API": (sandbox) =>
    configuration(`${gateway}/merchants/card_only_merchant/client_api`, sandbox.key('card_only_merchant')),
  // Another path of the allowed gateway domain with the panel's own key.
  'another gateway path': (sandbox) =>
    configuration(`${gateway}/sandbox/collect`, sandbox.key('demo_merchant')),
  "another merchant's client API under this merchant's key": (sandbox) =>
    configuration(`${gateway}/merchants/card_only_merchant/client_api`, sandbox.key('demo_merchant')),
};

async function openCheckout(panel: PanelPage, card: CardFields, authorization: string): Promise<void> {
  await panel.openBare(authorization);
  await card.ready();
}

async function fillCard(card: CardFields): Promise<void> {
  await card.type('number', VISA.number);
  await card.fill({ expirationDate: VISA.expirationDate, cvv: VISA.cvv, postalCode: VISA.postalCode });
}

for (const [what, hostile] of Object.entries(HOSTILE_CONFIGURATIONS)) {
  test(`a page script re-configuring the tokenizer with ${what} is refused: the card goes to the configured merchant`, async ({
    page,
    panel,
    card,
    sandbox,
  }) => {
    await openCheckout(panel, card, sandbox.key('demo_merchant'));
    // To every card frame, the tokenizer included, on their real channel, after the panel configured them.
    const posted = await page.evaluate(postToHostedFieldFrames, [hostile(sandbox)]);
    expect(posted).toBe(4);
    await fillCard(card);
    await panel.waitForEvent('paymentMethodRequestable');
    const { payload, error } = await panel.requestPaymentMethod();
    expect(error).toBeUndefined();
    expect(payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });

    const tokenizations = await sandbox.requests(CALL_PATHS.creditCards);
    expect(tokenizations.map((request) => request.path)).toEqual([
      '/merchants/demo_merchant/client_api/v1/payment_methods/credit_cards',
    ]);
    expect(tokenizations[0]?.body).toMatchObject({
      tokenizationKey: sandbox.key('demo_merchant'),
      creditCard: { number: VISA.number },
    });
    // Nothing else the gateway received carries the card.
    const everything = await sandbox.requests();
    expect(everything.filter((request) => JSON.stringify(request.body ?? '').includes(VISA.number))).toEqual(
      tokenizations,
    );
  });
}

test('a gateway error body is not in what the page receives: the status and codes are', async ({
  panel,
  card,
  sandbox,
}) => {
  await openCheckout(panel, card, sandbox.key('demo_merchant'));
  await fillCard(card);
  await panel.waitForEvent('paymentMethodRequestable');
  await sandbox.inject({ call: 'creditCards', kind: '422' });
  // The rejection as the merchant gets it, every field of it.
  const error = await panel.element.evaluate(async (element) => {
    try {
      await (element as PaymentPanelElement).requestPaymentMethod();
      return null;
    } catch (rejected) {
      return JSON.parse(
        JSON.stringify({ ...(rejected as object), message: (rejected as Error).message }),
      ) as {
        code?: string;
        details?: unknown;
      };
    }
  });
  const [answered] = await sandbox.requests(CALL_PATHS.creditCards);
  expect(answered?.status).toBe(422);
  expect(error?.code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
  // The status and the gateway's field error code; the request's error without the body.
  expect(error?.details).toEqual({
    httpStatus: 422,
    fieldErrorCode: 'sandbox_fault',
    originalError: {
      name: 'PanelError',
      code: 'CLIENT_REQUEST_ERROR',
      type: 'NETWORK',
      message: expect.any(String) as unknown,
      details: { httpStatus: 422 },
    },
  });
  expect(JSON.stringify(error)).not.toContain('Sandbox fault');
  // Nothing the frames posted to the page holds the body: neither its message nor its field errors.
  const received = (await panel.messages()).join('\n');
  expect(received).toContain('HOSTED_FIELDS_FAILED_TOKENIZATION');
  expect(received).not.toContain('Sandbox fault');
  expect(received).not.toContain('fieldErrors');

  // The card pays once the gateway answers.
  const retried = await panel.requestPaymentMethod();
  expect(retried.error).toBeUndefined();
  expect(retried.payload).toMatchObject({ type: 'CreditCard' });
});
