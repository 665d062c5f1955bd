/**
 * The fault matrix: every kind of fault the sandbox has (500, 429, 403, 422, time-out, connection
 * reset, malformed JSON, slow answer) at every gateway call of every flow. Each fault reaches the
 * merchant as its error of the catalogue (src/shared/errors; docs/protocol.md says which for each
 * call), the shopper sees its text,
 * the panel stays usable and a retry once the gateway is healthy succeeds, and the request log
 * shows that nothing was tokenized twice. A slow answer within the time-out succeeds.
 *
 * Time-outs are the panel's (60 s for gateway calls, 30 s for PayPal's create payment, 2 s for
 * analytics): the pages run on Playwright's clock, which a case moves past the time-out once the
 * sandbox holds the request, so no case waits for one. PayPal's fraud script (device data) has no
 * time-out: nothing waits for it.
 *
 * Cases that share a page run in order (`serial`), in a sandbox partition of their own; the number of faults injected
 * is printed at the end. `npm test` runs a seeded sample of the kinds at each call, `npm run test:e2e:full` every kind
 * (docs/building.md, "The whole fuzz and fault matrix").
 */
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { CardFields, VISA } from './models/card-fields';
import { cardSheetReady, PATIENCE_MS } from './support/recorder';
import {
  clearRecordedErrors,
  clearSelectedPaymentMethod,
  enterCard,
  isRequestable,
  mountPanel,
  newMerchantPage,
  openEmptyCheckout,
  panelState,
  recordErrors,
  recordedErrors,
  requestPaymentMethod,
  sheetError,
  type PlainError,
  type RequestOutcome,
} from './support/faults-page';
import {
  answered,
  approvalShown,
  CALL_PATHS,
  type FaultCallName,
  type FaultKind,
  faultsInjected,
  MATRIX_KINDS,
  Sandbox,
} from './models/sandbox';
import { expect, test } from './support/fixtures';
import { FUZZ_SEED, FULL_RUN, replayOnFailure, sampleOf } from './support/seeded';

/** How many kinds of fault a run of `npm test` tries at each call: a seeded sample (all in a full run). */
const SAMPLED_KINDS = 3;

/** The kinds of fault tried at a call this run, in the matrix's order. */
function kindsAt(call: string): readonly FaultKind[] {
  return sampleOf(`fault matrix: ${call}`, MATRIX_KINDS, SAMPLED_KINDS);
}

/** Delay of the slow answers: well within every time-out the answers are held to. */
const SLOW_MS = 1_000;

/** The gateway calls' time-out, and PayPal's create payment one (the wallet's, 30 s). */
const REQUEST_TIMEOUT_MS = 60_000;
const PAYPAL_CREATE_TIMEOUT_MS = 30_000;
/** The analytics time-out. */
const BEST_EFFORT_TIMEOUT_MS = 2_000;

/** The catalogue's messages of the codes the faults produce. */
const MESSAGES = {
  CLIENT_GATEWAY_NETWORK: 'Cannot contact the gateway at this time.',
  CLIENT_REQUEST_TIMEOUT: 'Request timed out waiting for a reply.',
  CLIENT_REQUEST_ERROR: 'There was a problem with your request.',
  CLIENT_RATE_LIMITED: 'You are being rate-limited; please try again in a few minutes.',
  CLIENT_AUTHORIZATION_INSUFFICIENT: 'The authorization used has insufficient privileges.',
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR: 'A tokenization network error occurred.',
  HOSTED_FIELDS_FAILED_TOKENIZATION: 'The supplied card data failed tokenization.',
  PAYPAL_FLOW_FAILED: 'Could not initialize PayPal flow.',
  PAYPAL_INVALID_PAYMENT_OPTION: 'PayPal payment options are invalid.',
  PAYPAL_ACCOUNT_TOKENIZATION_FAILED: "Could not tokenize user's PayPal account.",
  APPLE_PAY_MERCHANT_VALIDATION_NETWORK: 'A network error occurred when validating the Apple Pay merchant.',
  APPLE_PAY_MERCHANT_VALIDATION_FAILED:
    "Make sure you have registered your domain name in the provider's control panel.",
  APPLE_PAY_TOKENIZATION: 'A network error occurred when processing the Apple Pay payment.',
  // The catalogue's message is the bank's; an unreadable lookup names itself.
  THREEDS_UNKNOWN_AUTH_RESPONSE: 'The 3D Secure lookup response could not be read.',
} as const;

type Code = keyof typeof MESSAGES;

/** The shopper's texts (src/i18n/en-US.ts). */
const TEXTS = {
  generic: 'Something went wrong on our end.',
  network: 'Network error. Please try again.',
  checkCard: 'Please check your information and try again.',
  paypalTokenize: 'PayPal could not complete the payment. Please try again or choose another way to pay.',
  applePayValidation: 'Apple Pay is not reachable right now. Please try again or choose another way to pay.',
  applePayTokenize:
    'Apple Pay could not complete the payment. Please try again or choose another way to pay.',
  notVerified: 'Your card could not be verified. Please try again or use another card.',
} as const;

/** What a fault leads to: a catalogue error and the shopper's text. */
interface Failure {
  code: Code;
  text: string;
}

/** A fault's outcome per kind; `slow` always succeeds. */
type Outcomes = Record<Exclude<FaultKind, 'slow'>, Failure>;

const f = (code: Code, text: string): Failure => ({ code, text });

/** How long a case moves the clock once the sandbox holds its request: the call's time-out. */
function timeoutOf(call: FaultCallName): number {
  if (call === 'createPaymentResource' || call === 'setupBillingAgreement') return PAYPAL_CREATE_TIMEOUT_MS;
  if (call === 'analytics') return BEST_EFFORT_TIMEOUT_MS;
  return REQUEST_TIMEOUT_MS;
}

/** Asserts a failed outcome is the expected catalogue error, word for word. */
function expectFailure(outcome: RequestOutcome | { error?: PlainError }, failure: Failure): void {
  expect(outcome.error, JSON.stringify(outcome)).toMatchObject({
    name: 'PanelError',
    code: failure.code,
    message: MESSAGES[failure.code],
  });
}

/**
 * How many calls a fault hits. Browsers send a request again by themselves when the connection it
 * went out on is reset before any answer: Chromium a few times (a reused connection, and a GET more
 * readily), Firefox up to 10 attempts in all (`network.http.request.max-attempts`). A reset meant to
 * reach the panel hits every attempt. Those a fresh connection made unneeded are disarmed,
 * uncounted, after the case.
 */
function countOf(kind: FaultKind): number {
  return kind === 'reset' ? 11 : 1;
}

/**
 * How each engine words the syntax error of a script cut short, by where the cut falls: Chromium always the same,
 * Firefox by what the parser missed.
 */
const CUT_SHORT_SCRIPT: Readonly<Record<string, RegExp>> = {
  chromium: /^pageerror: (SyntaxError: )?Unexpected end of input$/,
  firefox:
    /^pageerror: (SyntaxError: )?(missing \S+ (after|before|in) .+|expected .+, got end of script|unterminated .+)$/,
};

/** The partition of the cases running now: the cases of one call share it, and their page. */
let sandbox: Sandbox;

/**
 * The sandbox partition and the merchant page (on Playwright's clock) the cases of one call share, made before the
 * first: the cases run in order, each after the other's clean-up.
 */
async function openSharedPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; uncaught: () => Promise<string[]> }> {
  sandbox = await Sandbox.open();
  return newMerchantPage(browser, sandbox, { clock: true });
}

/** Closes the shared page, then deletes its partition. */
async function closeSharedPage(context: BrowserContext): Promise<void> {
  await context.close();
  await sandbox.dispose();
}

/** The id of the newest logged request, to read what a case sent after it. */
async function latestLogId(): Promise<number> {
  return (await sandbox.requests()).at(-1)?.id ?? 0;
}

test.beforeAll(() => {
  const sample = FULL_RUN ? 'every kind at every call' : `${SAMPLED_KINDS} kinds at each call`;
  console.log(`Fault matrix: ${sample}, seed ${FUZZ_SEED} (PANEL_FUZZ_SEED=${FUZZ_SEED} replays this run).`);
});
test.afterAll(() => {
  console.log(`faults injected (this worker): ${faultsInjected()}`);
});
replayOnFailure(test, 'tests/e2e/faults.spec.ts');

/**
 * Asserts what reached the gateway for a call since the log entry `since`: the faulted requests
 * and exactly one that was answered in full, the retry's (or the slow answer itself). For a
 * tokenization, that is the proof nothing was tokenized twice.
 */
async function expectOneAnswered(path: string, since: number, kind: FaultKind): Promise<void> {
  const requests = (await sandbox.requests(path)).filter((request) => request.id > since);
  const seen = JSON.stringify(requests.map(({ id, fault, status }) => ({ id, fault, status })));
  expect(requests.filter(answered), seen).toHaveLength(1);
  const faulted = requests.filter((request) => request.fault !== null);
  expect(faulted.length, seen).toBeGreaterThanOrEqual(1);
  expect(
    faulted.every((request) => request.fault === kind),
    seen,
  ).toBe(true);
  expect(requests.length - faulted.length, seen).toBe(kind === 'slow' ? 0 : 1);
}

/**
 * Runs one fault case of a call: arms the fault, starts the flow, moves the clock past the
 * time-out once the sandbox holds the request (for `timeout`), and returns what the flow gave.
 * `beforeTimeout` is what goes on meanwhile, in real time, and must be done before the clock moves:
 * the clock moves every timer of the page, the card frames' set-up watch too.
 */
async function withFault<T>(
  page: Page,
  call: FaultCallName,
  kind: FaultKind,
  run: () => Promise<T>,
  { count = 1, beforeTimeout }: { count?: number; beforeTimeout?: () => Promise<void> } = {},
): Promise<T> {
  await sandbox.clearFaults();
  const path = CALL_PATHS[call as keyof typeof CALL_PATHS];
  const before = (await sandbox.requests(path)).length;
  await sandbox.inject({ call, kind, count, delayMs: SLOW_MS });
  const outcome = run();
  if (kind === 'timeout') {
    await sandbox.waitForRequests(path, before + 1);
    await beforeTimeout?.();
    await page.clock.runFor(timeoutOf(call));
  }
  const result = await outcome;
  // The flow met the fault (a reset may leave attempts the browser did not make). A slow answer's
  // flow may hand back before its request has reached the sandbox, hence the poll.
  await expect
    .poll(
      async () =>
        (await sandbox.armed()).filter((fault) => !(fault.kind === 'reset' && fault.remaining < count)),
      { message: 'faults the flow did not meet', timeout: PATIENCE_MS },
    )
    .toEqual([]);
  await sandbox.clearFaults();
  return result;
}

test.describe.serial('card tokenize (POST payment_methods/credit_cards)', () => {
  // The frame hands 403 on as it is (docs/protocol.md), reads the field errors of other answers below
  // 500, and calls the rest (5xx, transport failures, time-outs) a network error.
  const outcomes: Outcomes = {
    '500': f('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', TEXTS.network),
    '429': f('HOSTED_FIELDS_FAILED_TOKENIZATION', TEXTS.checkCard),
    '403': f('CLIENT_AUTHORIZATION_INSUFFICIENT', TEXTS.generic),
    '422': f('HOSTED_FIELDS_FAILED_TOKENIZATION', TEXTS.checkCard),
    timeout: f('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', TEXTS.network),
    reset: f('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR', TEXTS.network),
    malformed: f('HOSTED_FIELDS_FAILED_TOKENIZATION', TEXTS.checkCard),
  };
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await openEmptyCheckout(page);
    expect((await mountPanel(page, { authorization: sandbox.key('demo_merchant') })).event).toBe('ready');
    await new CardFields(page).ready();
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  for (const kind of kindsAt('creditCards')) {
    test(`${kind}: ${kind === 'slow' ? 'pays, once' : `${outcomes[kind].code}; a retry pays, once`}`, async () => {
      await enterCard(page, VISA);
      const since = await latestLogId();

      const first = await withFault(page, 'creditCards', kind, () => requestPaymentMethod(page), {
        count: countOf(kind),
      });
      let nonce: unknown;
      if (kind === 'slow') {
        expect(first.payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });
        nonce = first.payload?.nonce;
      } else {
        expectFailure(first, outcomes[kind]);
        await expect(sheetError(page)).toHaveText(outcomes[kind].text);
        const retry = await requestPaymentMethod(page);
        expect(retry.payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '11' } });
        nonce = retry.payload?.nonce;
        await expect(sheetError(page)).toHaveCount(0);
      }
      // Asked again, the panel hands over the same card without tokenizing it again.
      expect((await requestPaymentMethod(page)).payload?.nonce).toBe(nonce);
      await expectOneAnswered(CALL_PATHS.creditCards, since, kind);
      expect(await uncaught()).toEqual([]);
      await clearSelectedPaymentMethod(page);
    });
  }
});

test.describe.serial('configuration load (GET configuration)', () => {
  // As the provider's SDK has it, 403 gives CLIENT_AUTHORIZATION_INSUFFICIENT and any other failure
  // (429 and the time-out included) CLIENT_GATEWAY_NETWORK; its details say which (gateway.spec.ts
  // checks them).
  const outcomes: Outcomes = {
    '500': f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    '429': f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    '403': f('CLIENT_AUTHORIZATION_INSUFFICIENT', TEXTS.generic),
    '422': f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    timeout: f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    reset: f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    malformed: f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
  };
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await openEmptyCheckout(page);
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  for (const kind of kindsAt('configuration')) {
    test(`${kind}: ${kind === 'slow' ? 'connects' : outcomes[kind].code}; a new panel connects`, async () => {
      // An authorization of its own: a client that connected is reused without a configuration call.
      const authorization = await sandbox.clientToken('demo_merchant');
      const since = await latestLogId();
      const mounted = await withFault(
        page,
        'configuration',
        kind,
        () => mountPanel(page, { authorization }),
        { count: countOf(kind) },
      );
      if (kind !== 'slow') {
        expectFailure(mounted, outcomes[kind]);
        await expect(panelState(page)).toHaveAttribute('data-state', 'failed');
        await expect(sheetError(page)).toHaveText(outcomes[kind].text);
        // The merchant tries again once the gateway answers: the same authorization connects.
        expect((await mountPanel(page, { authorization })).event).toBe('ready');
      } else {
        expect(mounted.event).toBe('ready');
      }
      await expect(panelState(page)).toHaveAttribute('data-state', 'ready');
      await new CardFields(page).ready();
      await expectOneAnswered(CALL_PATHS.configuration, since, kind);
      expect(await uncaught()).toEqual([]);
    });
  }
});

test.describe.serial('saved methods load (GET payment_methods)', () => {
  // Any failure of the list is swallowed (docs/protocol.md): the shopper pays with a new method.
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;
  let token: string;

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await openEmptyCheckout(page);
    token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  for (const kind of kindsAt('paymentMethods')) {
    test(`${kind}: ${kind === 'slow' ? 'lists the saved cards' : 'no error, an empty list, the card sheet'}; a new panel lists them`, async () => {
      const since = await latestLogId();
      const mounted = await withFault(
        page,
        'paymentMethods',
        kind,
        () => mountPanel(page, { authorization: token }),
        { count: countOf(kind) },
      );
      expect(mounted).toEqual({ event: 'ready' });
      const saved = page.locator('payment-panel [part="saved-method"]');
      if (kind !== 'slow') {
        await expect(saved).toHaveCount(0);
        await new CardFields(page).ready();
        await expect(sheetError(page)).toHaveCount(0);
        expect((await mountPanel(page, { authorization: token })).event).toBe('ready');
      }
      await expect(saved).toHaveText([/Visa/, /MasterCard/]);
      await expectOneAnswered(CALL_PATHS.paymentMethods, since, kind);
      expect(await uncaught()).toEqual([]);
    });
  }
});

test.describe.serial('device data (PayPal’s fraud script: the sandbox’s stand-in)', () => {
  // docs/device-data.md: nothing waits for the fraud tools' requests, so a fraud script that does
  // not load holds nothing up and reaches neither the merchant nor the shopper.
  const DATA_COLLECTOR = JSON.stringify({ kount: true, paypal: true });
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await openEmptyCheckout(page);
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  /** How many times the stand-in served its script. */
  async function scriptsServed(): Promise<number> {
    return (await sandbox.deviceSessions({ collector: 'fraudnet' })).filter(
      (record) => record.resource === 'script',
    ).length;
  }

  for (const kind of kindsAt('fraudnetScript')) {
    test(`${kind}: the panel is ready without an error; a new panel loads the script`, async ({
      browserName,
    }) => {
      const since = await latestLogId();
      const served = await scriptsServed();
      const attributes = { authorization: sandbox.key('demo_merchant'), 'data-collector': DATA_COLLECTOR };
      // Nothing waits for the script: the panel gets ready and its card frames set up while it hangs.
      const mounted = await withFault(page, 'fraudnetScript', kind, () => mountPanel(page, attributes), {
        count: countOf(kind),
        beforeTimeout: () => cardSheetReady(page),
      });
      expect(mounted).toEqual({ event: 'ready' });
      await new CardFields(page).ready();
      await expect(sheetError(page)).toHaveCount(0);
      if (kind !== 'slow') expect((await mountPanel(page, attributes)).event).toBe('ready');
      // The stand-in served the script once more than the faults let it: the slow answer itself, or
      // the new panel's (a malformed answer is the stand-in's, cut short).
      await expect.poll(scriptsServed).toBe(served + (kind === 'malformed' ? 2 : 1));
      const faulted = (await sandbox.requests(CALL_PATHS.fraudnetScript)).filter(
        (request) => request.id > since,
      );
      expect(faulted.length).toBeGreaterThanOrEqual(1);
      expect(faulted.every((request) => request.fault === kind)).toBe(true);
      // A script cut short (the malformed case; the page's record keeps it for the later cases)
      // cannot be parsed: the fraud script's own error, in its own frame, and nothing else.
      const brokenScript = CUT_SHORT_SCRIPT[browserName];
      if (!brokenScript) throw new Error(`no wording of a script cut short known for ${browserName}`);
      expect((await uncaught()).filter((error) => !brokenScript.test(error))).toEqual([]);
    });
  }
});

test.describe.serial('analytics (POST analytics.url)', () => {
  // The answer and any error of analytics are ignored (docs/protocol.md); nothing ever reaches the merchant.
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await recordErrors(page);
    await openEmptyCheckout(page);
    await clearRecordedErrors(page);
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  for (const kind of kindsAt('analytics')) {
    test(`${kind}: never surfaces`, async () => {
      const since = await latestLogId();
      const mounted = await withFault(
        page,
        'analytics',
        kind,
        () => mountPanel(page, { authorization: sandbox.key('demo_merchant') }),
        { count: countOf(kind) },
      );
      expect(mounted).toEqual({ event: 'ready' });
      await new CardFields(page).ready();
      const beacons = (await sandbox.requests(CALL_PATHS.analytics)).filter((r) => r.id > since);
      expect(beacons.some((beacon) => beacon.fault === kind)).toBe(true);
      expect(await recordedErrors(page)).toEqual([]);
      expect(await uncaught()).toEqual([]);
    });
  }

  test('every kind in turn, during a card payment: it pays, and nothing surfaces', async () => {
    const since = await latestLogId();
    for (const kind of MATRIX_KINDS) {
      await sandbox.inject({ call: 'analytics', kind, delayMs: SLOW_MS });
    }
    expect((await mountPanel(page, { authorization: sandbox.key('demo_merchant') })).event).toBe('ready');
    const card = new CardFields(page);
    await card.ready();
    await card.fill(VISA);
    await expect.poll(() => isRequestable(page)).toBe(true);
    expect((await requestPaymentMethod(page)).payload).toMatchObject({ type: 'CreditCard' });
    // The batches of the payment met the faults, oldest first.
    await expect
      .poll(async () => (await sandbox.requests(CALL_PATHS.analytics)).filter((r) => r.id > since).length)
      .toBeGreaterThanOrEqual(4);
    const hit = (await sandbox.requests(CALL_PATHS.analytics))
      .filter((r) => r.id > since && r.fault !== null)
      .map((r) => r.fault);
    expect(hit).toEqual(MATRIX_KINDS.slice(0, hit.length));
    await sandbox.clearFaults();
    expect(await recordedErrors(page)).toEqual([]);
    expect(await uncaught()).toEqual([]);
  });
});

/** Waits for the first `errorOccurred` the page records, and returns it. */
async function firstError(page: Page): Promise<{ error?: PlainError }> {
  await expect.poll(async () => (await recordedErrors(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
  return { error: { name: 'PanelError', ...(await recordedErrors(page))[0] } };
}

/** The PayPal sheet's button. */
function payPalButton(page: Page): Locator {
  return page.locator('payment-panel [part="paypal-button"]');
}

/** Clicks the PayPal button and returns the popup once the approval page shows in it. */
async function openApproval(page: Page): Promise<Page> {
  const opened = page.waitForEvent('popup');
  await payPalButton(page).click();
  const popup = await opened;
  await approvalShown(popup);
  return popup;
}

/** Approves in the popup and waits until it has closed. */
async function approve(popup: Page): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup.locator('#approve').click();
  await closed;
}

/** Every popup of the page's context is closed. */
async function expectNoPopup(context: BrowserContext): Promise<void> {
  await expect.poll(() => context.pages().length).toBe(1);
}

// docs/protocol.md: create payment hands client errors on as they are, 422 as INVALID_PAYMENT_OPTION
// and an unreadable answer as FLOW_FAILED; tokenize hands client errors on as they are and anything
// else as ACCOUNT_TOKENIZATION_FAILED. The sheet-level area shows the codes' shopper texts.
const createPaymentOutcomes: Outcomes = {
  '500': f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
  '429': f('CLIENT_RATE_LIMITED', TEXTS.generic),
  '403': f('CLIENT_AUTHORIZATION_INSUFFICIENT', TEXTS.generic),
  '422': f('PAYPAL_INVALID_PAYMENT_OPTION', TEXTS.generic),
  timeout: f('CLIENT_REQUEST_TIMEOUT', TEXTS.generic),
  reset: f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
  malformed: f('PAYPAL_FLOW_FAILED', TEXTS.generic),
};
const payPalTokenizeOutcomes: Outcomes = {
  '500': f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
  '429': f('CLIENT_RATE_LIMITED', TEXTS.generic),
  '403': f('CLIENT_AUTHORIZATION_INSUFFICIENT', TEXTS.generic),
  '422': f('CLIENT_REQUEST_ERROR', TEXTS.generic),
  timeout: f('CLIENT_REQUEST_TIMEOUT', TEXTS.generic),
  reset: f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
  malformed: f('PAYPAL_ACCOUNT_TOKENIZATION_FAILED', TEXTS.paypalTokenize),
};

const PAYPAL_FLOWS = [
  {
    name: 'checkout',
    settings: { flow: 'checkout', amount: '10.00', currency: 'USD' },
    create: 'createPaymentResource',
  },
  { name: 'vault', settings: { flow: 'vault' }, create: 'setupBillingAgreement' },
] as const;

for (const flow of PAYPAL_FLOWS) {
  for (const step of ['create', 'tokenize'] as const) {
    const call: FaultCallName = step === 'create' ? flow.create : 'paypalAccounts';
    const outcomes = step === 'create' ? createPaymentOutcomes : payPalTokenizeOutcomes;
    test.describe
      .serial(`PayPal ${flow.name}, ${step} (POST ${CALL_PATHS[call].replace(/^.*v1\//, '')})`, () => {
      let context: BrowserContext;
      let page: Page;
      let uncaught: () => Promise<string[]>;

      test.beforeAll(async ({ browser }) => {
        ({ context, page, uncaught } = await openSharedPage(browser));
        await recordErrors(page);
        await openEmptyCheckout(page);
        const mounted = await mountPanel(page, {
          authorization: sandbox.key('demo_merchant'),
          paypal: JSON.stringify(flow.settings),
          'payment-option-priority': 'paypal',
        });
        expect(mounted.event).toBe('ready');
      });
      test.afterAll(async () => {
        await closeSharedPage(context);
      });

      for (const kind of kindsAt(`PayPal ${flow.name} ${step}`)) {
        test(`${kind}: ${kind === 'slow' ? 'pays, once' : `${outcomes[kind].code}; clicking again pays, once`}`, async () => {
          await clearRecordedErrors(page);
          const since = await latestLogId();
          // The popup opens in the click; a fault of create payment closes it, one of tokenize
          // comes once the shopper has approved.
          const popup = step === 'tokenize' ? await openApproval(page) : undefined;
          const failed = await withFault(
            page,
            call,
            kind,
            async () => {
              if (kind === 'slow') {
                await approve(popup ?? (await openApproval(page)));
                return undefined;
              }
              if (popup) await approve(popup);
              else await payPalButton(page).click();
              return firstError(page);
            },
            { count: countOf(kind) },
          );
          if (failed) {
            expectFailure(failed, outcomes[kind as Exclude<FaultKind, 'slow'>]);
            await expect(sheetError(page)).toHaveText(outcomes[kind as Exclude<FaultKind, 'slow'>].text);
            await expectNoPopup(context);
          }
          // The shopper clicks again and approves.
          if (failed) await approve(await openApproval(page));
          await expect(page.locator('payment-panel [part="saved-method"]')).toHaveText([
            /pat\.payer@example\.com/,
          ]);
          await expect(sheetError(page)).toHaveCount(0);
          const { payload } = await requestPaymentMethod(page);
          expect(payload).toMatchObject({
            type: 'PayPalAccount',
            details: { email: 'pat.payer@example.com' },
          });
          await sandbox.clearFaults();
          await expectOneAnswered(CALL_PATHS[call], since, kind);
          if (step === 'create') {
            const accounts = (await sandbox.requests(CALL_PATHS.paypalAccounts)).filter((r) => r.id > since);
            expect(accounts.filter(answered)).toHaveLength(1);
            expect(accounts).toHaveLength(1);
          }
          expect(await uncaught()).toEqual([]);
          await clearSelectedPaymentMethod(page);
        });
      }
    });
  }
}

const APPLE_PAY = JSON.stringify({
  displayName: 'Demo store',
  paymentRequest: { total: { label: 'Demo store', amount: '10.00' } },
});

// docs/protocol.md: a refused validation (CLIENT_REQUEST_ERROR) is MERCHANT_VALIDATION_FAILED, any other
// failure MERCHANT_VALIDATION_NETWORK; any failure of tokenize is APPLE_PAY_TOKENIZATION.
const applePayOutcomes: Record<'applePayWebSessions' | 'applePaymentTokens', Outcomes> = {
  applePayWebSessions: {
    '500': f('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', TEXTS.applePayValidation),
    '429': f('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', TEXTS.applePayValidation),
    '403': f('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', TEXTS.applePayValidation),
    '422': f('APPLE_PAY_MERCHANT_VALIDATION_FAILED', TEXTS.generic),
    timeout: f('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', TEXTS.applePayValidation),
    reset: f('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', TEXTS.applePayValidation),
    malformed: f('APPLE_PAY_MERCHANT_VALIDATION_NETWORK', TEXTS.applePayValidation),
  },
  applePaymentTokens: {
    '500': f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
    '429': f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
    '403': f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
    '422': f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
    timeout: f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
    reset: f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
    malformed: f('APPLE_PAY_TOKENIZATION', TEXTS.applePayTokenize),
  },
};

for (const call of ['applePayWebSessions', 'applePaymentTokens'] as const) {
  const outcomes = applePayOutcomes[call];
  const step = call === 'applePayWebSessions' ? 'validation' : 'tokenize';
  test.describe.serial(`Apple Pay ${step} (POST ${CALL_PATHS[call].replace(/^.*v1\//, '')})`, () => {
    let context: BrowserContext;
    let page: Page;
    let uncaught: () => Promise<string[]>;
    const applePaySheet = (): Locator => page.getByRole('dialog', { name: 'Apple Pay (simulated)' });
    const startApplePay = async (): Promise<void> => {
      await page.locator('payment-panel [part="apple-pay-button"]').click();
    };
    const payInSheet = async (): Promise<void> => {
      await expect(applePaySheet()).toHaveAttribute('data-apple-pay-simulator', 'ready');
      await applePaySheet().getByRole('button', { name: 'Pay with Apple Pay (simulated)' }).click();
    };

    test.beforeAll(async ({ browser }) => {
      ({ context, page, uncaught } = await openSharedPage(browser));
      await recordErrors(page);
      await page.addInitScript({ path: 'sandbox/stand-ins/apple-pay-simulator.js' });
      await openEmptyCheckout(page);
      const mounted = await mountPanel(page, {
        authorization: sandbox.key('demo_merchant'),
        'apple-pay': APPLE_PAY,
        'payment-option-priority': 'applePay',
      });
      expect(mounted.event).toBe('ready');
    });
    test.afterAll(async () => {
      await closeSharedPage(context);
    });

    for (const kind of kindsAt(call)) {
      test(`${kind}: ${kind === 'slow' ? 'pays, once' : `${outcomes[kind].code}; paying again pays, once`}`, async () => {
        await clearRecordedErrors(page);
        const since = await latestLogId();
        if (call === 'applePaymentTokens') await startApplePay();
        const failed = await withFault(
          page,
          call,
          kind,
          async () => {
            if (call === 'applePayWebSessions') await startApplePay();
            else await payInSheet();
            return kind === 'slow' ? undefined : firstError(page);
          },
          { count: countOf(kind) },
        );
        if (failed) {
          expectFailure(failed, outcomes[kind as Exclude<FaultKind, 'slow'>]);
          await expect(sheetError(page)).toHaveText(outcomes[kind as Exclude<FaultKind, 'slow'>].text);
          await expect(applePaySheet()).toHaveCount(0);
          await startApplePay();
          await payInSheet();
        } else if (call === 'applePayWebSessions') {
          await payInSheet();
        }
        await expect(page.locator('payment-panel [part="saved-method"]')).toHaveText([/Apple Pay.*81/]);
        await expect(sheetError(page)).toHaveCount(0);
        const { payload } = await requestPaymentMethod(page);
        expect(payload).toMatchObject({ type: 'ApplePayCard', details: { dpanLastTwo: '81' } });
        await expectOneAnswered(CALL_PATHS[call], since, kind);
        const tokens = (await sandbox.requests(CALL_PATHS.applePaymentTokens)).filter((r) => r.id > since);
        expect(tokens.filter(answered)).toHaveLength(1);
        expect(await uncaught()).toEqual([]);
        await clearSelectedPaymentMethod(page);
      });
    }
  });
}

test.describe.serial('3D Secure lookup (POST payment_methods/:nonce/three_d_secure/lookup)', () => {
  // docs/protocol.md: the lookup's client errors reach the merchant as they are; an unreadable answer
  // is UNKNOWN_AUTH_RESPONSE. The shopper learns the card was not verified, and a new request
  // verifies the card tokenized before, without tokenizing it again.
  const outcomes: Outcomes = {
    '500': f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    '429': f('CLIENT_RATE_LIMITED', TEXTS.generic),
    '403': f('CLIENT_AUTHORIZATION_INSUFFICIENT', TEXTS.generic),
    '422': f('CLIENT_REQUEST_ERROR', TEXTS.generic),
    timeout: f('CLIENT_REQUEST_TIMEOUT', TEXTS.generic),
    reset: f('CLIENT_GATEWAY_NETWORK', TEXTS.generic),
    malformed: f('THREEDS_UNKNOWN_AUTH_RESPONSE', TEXTS.notVerified),
  };
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await openEmptyCheckout(page);
    const mounted = await mountPanel(page, {
      authorization: await sandbox.clientToken('three_d_secure_v1_merchant'),
      'three-d-secure': JSON.stringify({ amount: '10.00' }),
    });
    expect(mounted.event).toBe('ready');
    await new CardFields(page).ready();
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  for (const kind of kindsAt('threeDSecureLookup')) {
    test(`${kind}: ${kind === 'slow' ? 'verifies' : `${outcomes[kind].code}; a retry verifies the same card`}`, async () => {
      // Not enrolled: the lookup answers without the bank.
      await enterCard(page, { ...VISA, number: '4000000000000051' });
      const since = await latestLogId();
      const first = await withFault(page, 'threeDSecureLookup', kind, () => requestPaymentMethod(page), {
        count: countOf(kind),
      });
      let payload = first.payload;
      if (kind !== 'slow') {
        expectFailure(first, outcomes[kind]);
        await expect(sheetError(page)).toHaveText(outcomes[kind].text);
        payload = (await requestPaymentMethod(page)).payload;
        await expect(sheetError(page)).toHaveCount(0);
      }
      expect(payload).toMatchObject({ type: 'CreditCard', details: { lastTwo: '51' } });
      expect(payload).not.toHaveProperty('liabilityShifted');
      await expectOneAnswered(CALL_PATHS.threeDSecureLookup, since, kind);
      const tokenizations = (await sandbox.requests(CALL_PATHS.creditCards)).filter((r) => r.id > since);
      expect(tokenizations.filter(answered)).toHaveLength(1);
      expect(tokenizations).toHaveLength(1);
      expect(await uncaught()).toEqual([]);
      await clearSelectedPaymentMethod(page);
    });
  }
});

test.describe.serial("3D Secure authentication (the bank's page, the term URL)", () => {
  // The bank frame shows the bank's page and then the gateway's term URL, not the panel's pages:
  // when either cannot load, no message reaches the panel and there is no error to tell. The
  // shopper closes the modal, which resolves the request as docs/protocol.md says for a
  // cancel: the lookup's card, a liability shift possible but not made. The card entered again
  // (one tokenization per entry) is verified.
  let context: BrowserContext;
  let page: Page;
  let uncaught: () => Promise<string[]>;
  const modal = (): Locator =>
    page.locator('payment-panel').getByRole('dialog', { name: 'Card Verification' });
  const bank = () => page.frameLocator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]');

  /** Enters the challenged test card and starts a request; resolves once the modal shows. */
  const startVerification = async (): Promise<{ outcome: Promise<RequestOutcome> }> => {
    await clearSelectedPaymentMethod(page);
    await enterCard(page, { ...VISA, number: '4000000000000002' });
    const outcome = requestPaymentMethod(page);
    await expect(modal()).toBeVisible();
    // Wrapped: an async function would wait for the request it hands back.
    return { outcome };
  };

  /** A verification whose bank page (or term URL) has the fault; the payload the shopper ends with. */
  const verifyWith = async (
    call: 'threeDSecureAcs' | 'threeDSecureTerm',
    kind: FaultKind,
  ): Promise<Record<string, unknown> | undefined> => {
    const since = await latestLogId();
    await sandbox.inject({ call, kind, count: countOf(kind), delayMs: SLOW_MS });
    const { outcome } = await startVerification();
    if (call === 'threeDSecureTerm') await bank().locator('#approve').click();
    // The frame's request met the fault.
    await expect
      .poll(async () =>
        (await sandbox.requests(CALL_PATHS[call])).some((r) => r.id > since && r.fault === kind),
      )
      .toBe(true);
    if (kind === 'slow') {
      if (call === 'threeDSecureAcs') await bank().locator('#approve').click();
    } else {
      await modal().getByRole('button', { name: 'Close card verification' }).click();
    }
    const { payload } = await outcome;
    await sandbox.clearFaults();
    await expect(modal()).toBeHidden();
    await expect(
      page.locator('payment-panel iframe[name^="payment-panel-three-d-secure-frame"]'),
    ).toHaveCount(0);
    await expect(sheetError(page)).toHaveCount(0);
    return payload;
  };

  test.beforeAll(async ({ browser }) => {
    ({ context, page, uncaught } = await openSharedPage(browser));
    await recordErrors(page);
    await openEmptyCheckout(page);
    const mounted = await mountPanel(page, {
      authorization: await sandbox.clientToken('three_d_secure_v1_merchant'),
      'three-d-secure': JSON.stringify({ amount: '10.00' }),
    });
    expect(mounted.event).toBe('ready');
    await new CardFields(page).ready();
    await clearRecordedErrors(page);
  });
  test.afterAll(async () => {
    await closeSharedPage(context);
  });

  const verified = { type: 'CreditCard', liabilityShifted: true, liabilityShiftPossible: true };
  const cancelled = { type: 'CreditCard', liabilityShifted: false, liabilityShiftPossible: true };

  for (const kind of kindsAt('threeDSecureAcs and threeDSecureTerm')) {
    const title =
      kind === 'slow'
        ? 'slow: the bank authenticates the shopper, each card tokenized once'
        : `${kind}: closing the modal hands over the looked-up card; the card entered again is verified`;
    test(title, async () => {
      const since = await latestLogId();
      const atBank = await verifyWith('threeDSecureAcs', kind);
      const atTerm = await verifyWith('threeDSecureTerm', kind);
      expect(atBank).toMatchObject(kind === 'slow' ? verified : cancelled);
      expect(atTerm).toMatchObject(kind === 'slow' ? verified : cancelled);
      let entries = 2;
      if (kind !== 'slow') {
        const { outcome } = await startVerification();
        await bank().locator('#approve').click();
        expect((await outcome).payload).toMatchObject(verified);
        entries += 1;
      }
      for (const call of ['threeDSecureAcs', 'threeDSecureTerm'] as const) {
        const requests = (await sandbox.requests(CALL_PATHS[call])).filter((r) => r.id > since);
        expect(requests.filter((r) => r.fault !== null).every((r) => r.fault === kind)).toBe(true);
        expect(requests.some((r) => r.fault === kind)).toBe(true);
      }
      // One tokenization per card entered, and one lookup each.
      const tokenized = (await sandbox.requests(CALL_PATHS.creditCards)).filter((r) => r.id > since);
      expect(tokenized.filter(answered)).toHaveLength(entries);
      expect(tokenized).toHaveLength(entries);
      const lookups = (await sandbox.requests(CALL_PATHS.threeDSecureLookup)).filter((r) => r.id > since);
      expect(lookups).toHaveLength(entries);
      expect(await recordedErrors(page)).toEqual([]);
      expect(await uncaught()).toEqual([]);
    });
  }
});
