import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { fakeClient, stubFetch, type FetchCall } from '../../client/test-support';
import type { RawPaymentMethod } from '../../model';
import { VENMO_URLS } from '../../shared/build-constants';
import type { PanelError } from '../../shared/errors';
import type { WalletDialogState, WalletHandlers } from '../wallet';
import { createVenmoWallet, type VenmoPage } from './venmo-wallet';

const { gateway, assets } = inject('localOrigins');

const PAY_WITH_VENMO = {
  merchantId: 'venmo-merchant-id',
  accessToken: 'access_token$sandbox$venmo-merchant-id',
  environment: 'sandbox',
  enrichedCustomerDataEnabled: false,
};

const client = (payWithVenmo: unknown = PAY_WITH_VENMO) =>
  fakeClient({
    gatewayConfiguration: {
      clientApiUrl: `${gateway}/api`,
      assetsUrl: assets,
      environment: 'sandbox',
      ...(payWithVenmo === null ? {} : { payWithVenmo }),
    },
  });

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36';
const PAGE_URL = 'https://shop.test/checkout?cart=1';

/** A page as Venmo's flows see it, whose visibility, URL and windows the test drives. */
function fakePage(userAgent = ANDROID_CHROME, href = PAGE_URL) {
  const events = new EventTarget();
  let visibilityState: DocumentVisibilityState = 'visible';
  const document = Object.assign(events, {
    get visibilityState() {
      return visibilityState;
    },
  }) as unknown as Document;
  const popup = { closed: false, close: vi.fn(() => void (popup.closed = true)) };
  const state = { href, opened: [] as [string, string, string | undefined][], assigned: [] as string[] };
  let openAnswer: Window | null = popup as unknown as Window;
  const clearHash = vi.fn(() => {
    state.href = state.href.split('#')[0] ?? state.href;
  });
  const page: VenmoPage = {
    browser: { userAgent, maxTouchPoints: userAgent === DESKTOP ? 0 : 5 },
    document,
    inFrame: false,
    href: () => state.href,
    open: (url, name, features) => {
      state.opened.push([url, name, features]);
      return openAnswer;
    },
    assign: (url) => {
      state.assigned.push(url);
    },
    clearHash: () => {
      clearHash();
    },
  };
  return {
    page,
    state,
    popup,
    clearHash,
    blockWindows: () => {
      openAnswer = null;
    },
    /** The shopper leaves for Venmo, then comes back to this tab. */
    away: () => {
      visibilityState = 'hidden';
      events.dispatchEvent(new Event('visibilitychange'));
    },
    back: () => {
      visibilityState = 'visible';
      events.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

function handlers() {
  const seen = {
    busy: [] as boolean[],
    paid: [] as RawPaymentMethod[],
    failed: [] as PanelError[],
    reported: [] as PanelError[],
    dialogs: [] as (WalletDialogState | null)[],
  };
  const h: WalletHandlers = {
    busy: (busy) => seen.busy.push(busy),
    paid: (method) => seen.paid.push(method),
    failed: (error) => seen.failed.push(error),
    report: (error) => seen.reported.push(error),
    dialog: (dialog) => seen.dialogs.push(dialog),
  };
  return { seen, h };
}

/** The GraphQL operations the page sent, by name, with their variables. */
function operations(calls: FetchCall[]): { name: string; variables: Record<string, unknown> }[] {
  return calls
    .filter((call) => call.url === `${gateway}/graphql`)
    .map((call) => {
      const body = JSON.parse(call.init.body as string) as {
        operationName: string;
        variables: Record<string, unknown>;
      };
      return { name: body.operationName, variables: body.variables };
    });
}

const LIFE_MS = 5 * 60 * 1000;

/** A sandbox-like GraphQL API: contexts made in order, each status read from `statuses` for its id. */
function stubGraphQL(statuses: Record<string, string[]> = {}, fail: Set<string> = new Set()) {
  let made = 0;
  return stubFetch((call) => {
    const body = JSON.parse(call.init.body as string) as {
      operationName: string;
      variables: { id?: string; input?: { id?: string } };
    };
    if (fail.has(body.operationName)) {
      return { body: { errors: [{ message: 'Boom', extensions: { errorClass: 'INTERNAL' } }] } };
    }
    switch (body.operationName) {
      case 'CreateVenmoPaymentContext': {
        made += 1;
        const now = Date.now();
        return {
          body: {
            data: {
              createVenmoPaymentContext: {
                clientMutationId: null,
                venmoPaymentContext: {
                  id: `pcid-${made}`,
                  merchantId: 'venmo-merchant-id',
                  createdAt: new Date(now).toISOString(),
                  expiresAt: new Date(now + LIFE_MS).toISOString(),
                },
              },
            },
          },
        };
      }
      case 'PaymentContext': {
        const queue = statuses[body.variables.id ?? ''] ?? [];
        const status = queue.length > 1 ? queue.shift() : queue[0];
        return {
          body: {
            data: {
              node:
                status === 'APPROVED'
                  ? { status, paymentMethodId: 'fake-venmo-nonce', userName: 'venmojoe', payerInfo: null }
                  : { status: status ?? 'CREATED', paymentMethodId: null, userName: null },
            },
          },
        };
      }
      default:
        return { body: { data: { updateVenmoPaymentContextStatus: { clientMutationId: null } } } };
    }
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('createVenmoWallet: whether Venmo is offered', () => {
  it('answers false on a desktop without allowDesktop, and true on a phone', async () => {
    stubGraphQL();
    await expect(
      createVenmoWallet(client(), { option: true }, fakePage(DESKTOP).page).ready?.(),
    ).resolves.toBe(false);
    await expect(createVenmoWallet(client(), { option: {} }, fakePage().page).ready?.()).resolves.toBe(true);
    await expect(
      createVenmoWallet(client(), { option: { allowDesktop: true } }, fakePage(DESKTOP).page).ready?.(),
    ).resolves.toBe(true);
  });

  it('rejects an option that does not fit and a configuration without payWithVenmo', async () => {
    await expect(
      createVenmoWallet(client(), { option: { allowDesktop: 1 } }, fakePage().page).ready?.(),
    ).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(
      createVenmoWallet(client(), { option: { profileId: 3 } }, fakePage().page).ready?.(),
    ).rejects.toMatchObject({ code: 'VENMO_INVALID_PROFILE_ID' });
    await expect(
      createVenmoWallet(client(null), { option: true }, fakePage().page).ready?.(),
    ).rejects.toMatchObject({
      code: 'VENMO_NOT_ENABLED',
      message: 'Venmo is not enabled for this merchant.',
    });
  });
});

describe('createVenmoWallet: the app switch', () => {
  it('opens Venmo in a new tab with the way back, and a shopper back without a result is VENMO_CANCELED', async () => {
    vi.useFakeTimers();
    const { calls } = stubGraphQL();
    const fake = fakePage();
    const wallet = createVenmoWallet(client(), { option: true }, fake.page);
    expect(await wallet.ready?.()).toBe(true);
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    expect(fake.state.opened).toHaveLength(1);
    const [url, target] = fake.state.opened[0] ?? [];
    expect(target).toBe('_blank');
    expect(url?.startsWith(`${VENMO_URLS.app}?`)).toBe(true);
    const query = new URL(url ?? '').searchParams;
    expect(query.get('x-success')).toBe(`${PAGE_URL}#venmoSuccess=1`);
    expect(query.get('resource_id')).toBeNull();
    expect(seen.busy).toEqual([true]);
    fake.away();
    fake.back();
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.failed).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.failed.map((error) => [error.code, error.type, error.message])).toEqual([
      ['VENMO_CANCELED', 'CUSTOMER', 'User canceled Venmo authorization, or Venmo app is not available.'],
    ]);
    expect(seen.busy).toEqual([true, false]);
    // No payment context without a reason for one.
    expect(operations(calls)).toEqual([]);
  });

  it('goes in place with allowNewBrowserTab: false, and Venmo Web with mobileWebFallBack', async () => {
    const fake = fakePage();
    const wallet = createVenmoWallet(client(), { option: { allowNewBrowserTab: false } }, fake.page);
    await wallet.ready?.();
    wallet.pay(undefined, undefined, handlers().h);
    expect(fake.state.opened).toEqual([]);
    expect(fake.state.assigned[0]?.startsWith(`${VENMO_URLS.app}?`)).toBe(true);
    expect(new URL(fake.state.assigned[0] ?? '').searchParams.get('allowAndroidRecreation')).toBe('0');

    const web = fakePage();
    const fallBack = createVenmoWallet(client(), { option: { mobileWebFallBack: true } }, web.page);
    await fallBack.ready?.();
    fallBack.pay(undefined, undefined, handlers().h);
    expect(web.state.assigned[0]?.startsWith(`${VENMO_URLS.mobileWeb}?`)).toBe(true);
  });

  it('returns to the deep link return URL when given', async () => {
    const fake = fakePage();
    const wallet = createVenmoWallet(
      client(),
      { option: { deepLinkReturnUrl: 'https://shop.test/venmo-return' } },
      fake.page,
    );
    await wallet.ready?.();
    wallet.pay(undefined, undefined, handlers().h);
    const query = new URL(fake.state.opened[0]?.[0] ?? '').searchParams;
    expect(query.get('x-cancel')).toBe('https://shop.test/venmo-return#venmoCancel=1');
  });

  it('starts one payment per shopper action: a second click is VENMO_TOKENIZATION_REQUEST_ACTIVE', async () => {
    const fake = fakePage();
    const wallet = createVenmoWallet(client(), { option: true }, fake.page);
    await wallet.ready?.();
    const first = handlers();
    const second = handlers();
    wallet.pay(undefined, undefined, first.h);
    wallet.pay(undefined, undefined, second.h);
    expect(fake.state.opened).toHaveLength(1);
    expect(second.seen.reported.map((error) => [error.code, error.message])).toEqual([
      ['VENMO_TOKENIZATION_REQUEST_ACTIVE', 'Another tokenization request is active.'],
    ]);
    expect(second.seen.busy).toEqual([]);
  });

  it('says VENMO_CANCELED when the browser opens no tab', async () => {
    const fake = fakePage();
    fake.blockWindows();
    const wallet = createVenmoWallet(client(), { option: true }, fake.page);
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    expect(seen.failed.map((error) => error.code)).toEqual(['VENMO_CANCELED']);
    expect(seen.busy).toEqual([true, false]);
  });
});

describe('createVenmoWallet: a page loaded with a result', () => {
  it('completes a success at once, with the @ of the user name, and takes the hash off the URL', async () => {
    const fake = fakePage(
      ANDROID_CHROME,
      `${PAGE_URL}#venmoSuccess=1&paymentMethodNonce=fake-venmo-nonce&username=venmojoe`,
    );
    const wallet = createVenmoWallet(client(), { option: true }, fake.page);
    await wallet.ready?.();
    expect(fake.clearHash).toHaveBeenCalledTimes(1);
    const { seen, h } = handlers();
    wallet.resume?.(h);
    expect(seen.paid).toEqual([
      { nonce: 'fake-venmo-nonce', type: 'VenmoAccount', details: { username: '@venmojoe' } },
    ]);
    // A second panel of the same page finds the result taken.
    const again = createVenmoWallet(
      client(),
      { option: true },
      { ...fake.page, href: () => `${PAGE_URL}#venmoSuccess=1&paymentMethodNonce=x` },
    );
    await again.ready?.();
    const other = handlers();
    again.resume?.(other.h);
    expect(other.seen.paid).toEqual([]);
  });

  it('leaves the hash with ignoreHistoryChanges', async () => {
    const fake = fakePage(
      ANDROID_CHROME,
      `${PAGE_URL}#venmoSuccess=1&paymentMethodNonce=n&username=%40venmojoe`,
    );
    const wallet = createVenmoWallet(client(), { option: { ignoreHistoryChanges: true } }, fake.page);
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.resume?.(h);
    expect(fake.clearHash).not.toHaveBeenCalled();
    expect(seen.paid[0]?.details).toEqual({ username: '@venmojoe' });
  });

  it('reports a cancel without a word to the shopper, and shows an error', async () => {
    const canceled = fakePage(ANDROID_CHROME, `${PAGE_URL}#venmoCancel=1`);
    const wallet = createVenmoWallet(client(), { option: true }, canceled.page);
    await wallet.ready?.();
    const first = handlers();
    wallet.resume?.(first.h);
    expect(first.seen.reported.map((error) => [error.code, error.type, error.message])).toEqual([
      ['VENMO_APP_CANCELED', 'CUSTOMER', 'Venmo app authorization was canceled.'],
    ]);
    expect(first.seen.failed).toEqual([]);

    const failed = fakePage(ANDROID_CHROME, `${PAGE_URL}#venmoError=1&errorMessage=Declined&errorCode=7`);
    const other = createVenmoWallet(client(), { option: true }, failed.page);
    await other.ready?.();
    const second = handlers();
    other.resume?.(second.h);
    expect(second.seen.failed.map((error) => [error.code, error.type, error.message])).toEqual([
      ['VENMO_APP_FAILED', 'UNKNOWN', 'Venmo app encountered a problem.'],
    ]);
    expect(second.seen.failed[0]?.details?.originalError).toEqual({ message: 'Declined', code: '7' });
  });
});

describe('createVenmoWallet: the payment context', () => {
  it('is made ahead of the click, named in the switch, polled every 250 ms to APPROVED, and renewed after', async () => {
    vi.useFakeTimers();
    const { calls } = stubGraphQL({ 'pcid-1': ['CREATED', 'SCANNED', 'APPROVED'] });
    const fake = fakePage();
    const wallet = createVenmoWallet(
      client(),
      { option: { paymentMethodUsage: 'multi_use', displayName: 'Tea shop', totalAmount: '10.00' } },
      fake.page,
    );
    expect(await wallet.ready?.()).toBe(true);
    expect(operations(calls)).toEqual([
      {
        name: 'CreateVenmoPaymentContext',
        variables: {
          input: {
            paymentMethodUsage: 'MULTI_USE',
            intent: 'CONTINUE',
            customerClient: 'MOBILE_WEB',
            displayName: 'Tea shop',
            paysheetDetails: {
              collectCustomerBillingAddress: false,
              collectCustomerShippingAddress: false,
              transactionDetails: { totalAmount: '10.00' },
            },
          },
        },
      },
    ]);
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    const query = new URL(fake.state.opened[0]?.[0] ?? '').searchParams;
    expect(query.get('resource_id')).toBe('pcid-1');
    expect(query.get('braintree_access_token')).toBe(PAY_WITH_VENMO.accessToken);
    await vi.advanceTimersByTimeAsync(0);
    expect(operations(calls).filter((op) => op.name === 'PaymentContext')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(250);
    expect(operations(calls).filter((op) => op.name === 'PaymentContext')).toHaveLength(2);
    expect(seen.paid).toEqual([]);
    await vi.advanceTimersByTimeAsync(250);
    expect(seen.paid).toEqual([
      {
        nonce: 'fake-venmo-nonce',
        type: 'VenmoAccount',
        details: { username: '@venmojoe', paymentContextId: 'pcid-1' },
      },
    ]);
    expect(seen.busy).toEqual([true, false]);
    // After each tokenization a new context waits for the next payment.
    expect(operations(calls).filter((op) => op.name === 'CreateVenmoPaymentContext')).toHaveLength(2);
    wallet.teardown();
    expect(operations(calls).at(-1)).toEqual({
      name: 'UpdateVenmoPaymentContextStatus',
      variables: { input: { id: 'pcid-2', status: 'CANCELED' } },
    });
  });

  it('is renewed at two thirds of its life, the old one canceled', async () => {
    vi.useFakeTimers();
    const { calls } = stubGraphQL();
    const wallet = createVenmoWallet(client(), { option: { requireManualReturn: true } }, fakePage().page);
    await wallet.ready?.();
    await vi.advanceTimersByTimeAsync((LIFE_MS * 2) / 3 - 1);
    expect(operations(calls).map((op) => op.name)).toEqual(['CreateVenmoPaymentContext']);
    await vi.advanceTimersByTimeAsync(1);
    expect(operations(calls)).toEqual([
      expect.objectContaining({ name: 'CreateVenmoPaymentContext' }),
      expect.objectContaining({ name: 'CreateVenmoPaymentContext' }),
      { name: 'UpdateVenmoPaymentContextStatus', variables: { input: { id: 'pcid-1', status: 'CANCELED' } } },
    ]);
    wallet.teardown();
  });

  it('with a manual return, names the context in the token and waits up to 5 minutes', async () => {
    vi.useFakeTimers();
    stubGraphQL();
    const fake = fakePage();
    const wallet = createVenmoWallet(client(), { option: { requireManualReturn: true } }, fake.page);
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    const query = new URL(fake.state.opened[0]?.[0] ?? '').searchParams;
    expect(query.get('braintree_access_token')).toBe(`${PAY_WITH_VENMO.accessToken}|pcid:pcid-1`);
    // Back without a result: a manual return goes on waiting.
    fake.away();
    fake.back();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.failed).toEqual([]);
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    expect(seen.failed.map((error) => [error.code, error.message])).toEqual([
      ['VENMO_MOBILE_POLLING_TOKENIZATION_TIMEOUT', 'Customer took too long to authorize Venmo payment.'],
    ]);
    wallet.teardown();
  });

  it.each([
    ['CANCELED', 'VENMO_MOBILE_POLLING_TOKENIZATION_CANCELED', 'The Venmo authorization was canceled'],
    ['EXPIRED', 'VENMO_MOBILE_POLLING_TOKENIZATION_EXPIRED', 'The Venmo authorization request is expired.'],
    ['FAILED', 'VENMO_MOBILE_POLLING_TOKENIZATION_FAILED', 'The Venmo authorization failed.'],
  ])('ends %s with %s', async (status, code, message) => {
    vi.useFakeTimers();
    stubGraphQL({ 'pcid-1': [status] });
    const wallet = createVenmoWallet(
      client(),
      { option: { paymentMethodUsage: 'single_use' } },
      fakePage().page,
    );
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.failed.map((error) => [error.code, error.message])).toEqual([[code, message]]);
    wallet.teardown();
  });

  it('leaves Venmo out with VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED when the context cannot be made', async () => {
    stubGraphQL({}, new Set(['CreateVenmoPaymentContext']));
    const wallet = createVenmoWallet(
      client(),
      { option: { paymentMethodUsage: 'single_use' } },
      fakePage().page,
    );
    await expect(wallet.ready?.()).rejects.toMatchObject({
      code: 'VENMO_MOBILE_PAYMENT_CONTEXT_SETUP_FAILED',
      type: 'NETWORK',
      message: 'Something went wrong creating the Venmo Payment Context.',
    });
  });
});

describe('createVenmoWallet: desktop', () => {
  it('shows the QR code of a new context, says authorizing once scanned, and pays when approved', async () => {
    vi.useFakeTimers();
    const { calls } = stubGraphQL({ 'pcid-1': ['CREATED', 'SCANNED', 'APPROVED'] });
    const wallet = createVenmoWallet(client(), { option: { allowDesktop: true } }, fakePage(DESKTOP).page);
    await wallet.ready?.();
    expect(operations(calls)).toEqual([]);
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    await vi.advanceTimersByTimeAsync(0);
    expect(operations(calls)[0]?.variables).toMatchObject({
      input: { intent: 'PAY_FROM_APP', customerClient: 'DESKTOP', paymentMethodUsage: 'SINGLE_USE' },
    });
    expect(seen.dialogs).toHaveLength(1);
    const dialog = seen.dialogs[0];
    expect(dialog?.authorizing).toBe(false);
    expect(dialog?.qr.size).toBeGreaterThan(21);
    expect(dialog?.qr.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.dialogs.at(-1)?.authorizing).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.dialogs.at(-1)).toBeNull();
    expect(seen.paid[0]).toMatchObject({ nonce: 'fake-venmo-nonce', type: 'VenmoAccount' });
    expect(seen.busy).toEqual([true, false]);
  });

  it('closing the modal is VENMO_DESKTOP_CANCELED, told and not shown, and cancels the context', async () => {
    vi.useFakeTimers();
    const { calls } = stubGraphQL();
    const wallet = createVenmoWallet(client(), { option: { allowDesktop: true } }, fakePage(DESKTOP).page);
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    await vi.advanceTimersByTimeAsync(0);
    seen.dialogs[0]?.close();
    expect(seen.dialogs.at(-1)).toBeNull();
    expect(seen.reported.map((error) => [error.code, error.type, error.message])).toEqual([
      [
        'VENMO_DESKTOP_CANCELED',
        'CUSTOMER',
        'User canceled Venmo authorization by closing the Venmo Desktop modal.',
      ],
    ]);
    expect(seen.failed).toEqual([]);
    expect(operations(calls).at(-1)).toEqual({
      name: 'UpdateVenmoPaymentContextStatus',
      variables: { input: { id: 'pcid-1', status: 'CANCELED' } },
    });
    const reads = operations(calls).filter((op) => op.name === 'PaymentContext').length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(operations(calls).filter((op) => op.name === 'PaymentContext')).toHaveLength(reads);
  });

  it('says VENMO_DESKTOP_UNKNOWN_ERROR when the context cannot be made', async () => {
    vi.useFakeTimers();
    stubGraphQL({}, new Set(['CreateVenmoPaymentContext']));
    const wallet = createVenmoWallet(client(), { option: { allowDesktop: true } }, fakePage(DESKTOP).page);
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.failed.map((error) => [error.code, error.message])).toEqual([
      ['VENMO_DESKTOP_UNKNOWN_ERROR', 'Something went wrong with the Venmo Desktop flow.'],
    ]);
    expect(seen.dialogs).toEqual([]);
  });

  it('opens the web login in a popup with a context made ahead, and a popup closed unapproved is VENMO_CUSTOMER_CANCELED', async () => {
    vi.useFakeTimers();
    const { calls } = stubGraphQL({ 'pcid-1': ['SCANNED'] });
    const fake = fakePage(DESKTOP);
    const wallet = createVenmoWallet(client(), { option: { allowDesktopWebLogin: true } }, fake.page);
    await wallet.ready?.();
    expect(operations(calls)[0]?.variables).toMatchObject({
      input: { customerClient: 'NATIVE_WEB', intent: 'CONTINUE' },
    });
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    const [url, name, features] = fake.state.opened[0] ?? [];
    expect(url?.startsWith(`${VENMO_URLS.webLogin}?resource_id=pcid-1&`)).toBe(true);
    expect(new URL(url ?? '').searchParams.get('x-success')).toBeNull();
    expect(name).toBe('payment-panel-venmo');
    expect(features).toMatch(/^popup,width=400,height=640/);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.failed).toEqual([]);
    fake.popup.closed = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen.failed.map((error) => [error.code, error.message])).toEqual([
      ['VENMO_CUSTOMER_CANCELED', 'User canceled Venmo authorization.'],
    ]);
    wallet.teardown();
  });

  it('pays through the web login once the context is approved', async () => {
    vi.useFakeTimers();
    stubGraphQL({ 'pcid-1': ['SCANNED', 'APPROVED'] });
    const fake = fakePage(DESKTOP);
    const wallet = createVenmoWallet(client(), { option: { allowDesktopWebLogin: true } }, fake.page);
    await wallet.ready?.();
    const { seen, h } = handlers();
    wallet.pay(undefined, undefined, h);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.paid[0]).toMatchObject({
      nonce: 'fake-venmo-nonce',
      details: { username: '@venmojoe', paymentContextId: 'pcid-1' },
    });
    expect(fake.popup.close).toHaveBeenCalled();
    wallet.teardown();
  });
});
