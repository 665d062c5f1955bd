// @vitest-environment jsdom
// @vitest-environment-options {"url": "https://shop.example/checkout"}
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(resolve(import.meta.dirname, 'apple-pay-simulator.js'), 'utf8');

interface SimulatedEvent extends Event {
  validationURL?: string;
  payment?: {
    token: {
      paymentData: { version: string; data: string; signature: string; header: Record<string, string> };
      paymentMethod: { displayName: string; network: string; type: string };
      transactionIdentifier: string;
    };
    billingContact: Record<string, unknown>;
    shippingContact: Record<string, unknown>;
  };
}

type Handler = ((event: SimulatedEvent) => void) | null;

interface Session extends EventTarget {
  begin(): void;
  abort(): void;
  completeMerchantValidation(session: unknown): void;
  completePayment(result: unknown): void;
  onvalidatemerchant: Handler;
  onpaymentauthorized: Handler;
  oncancel: Handler;
  readonly STATUS_SUCCESS: number;
}

interface SessionClass {
  new (version: unknown, request?: unknown): Session;
  supportsVersion(version: unknown): boolean;
  canMakePayments(): boolean;
  canMakePaymentsWithActiveCard(merchantIdentifier: string): Promise<boolean>;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

interface Simulator {
  installed: boolean;
  canMakePayments: boolean;
  card: { network: string; lastDigits: string; type?: string };
  lastRequest: unknown;
  lastPayment: unknown;
  lastStatus: unknown;
}

interface SimulatedWindow {
  ApplePaySession?: SessionClass;
  applePaySimulator?: Simulator;
}

const page = window as unknown as SimulatedWindow;

const REQUEST = {
  countryCode: 'US',
  currencyCode: 'USD',
  merchantCapabilities: ['supports3DS'],
  supportedNetworks: ['visa', 'masterCard', 'amex', 'discover'],
  total: { label: 'Demo Store', amount: '10.00' },
};

const MERCHANT_SESSION = {
  epochTimestamp: 1_700_000_000_000,
  expiresAt: 1_700_003_600_000,
  merchantSessionIdentifier: 'SSH0123',
  nonce: '0a1b2c3d',
  merchantIdentifier: 'ABCDEF',
  domainName: 'shop.example',
  displayName: 'Demo Store',
  signature: 'c2ln',
};

function install(): void {
  // Indirect eval runs the file as the page would: a classic script in the global scope.
  (0, eval)(SOURCE);
}

function sessionClass(): SessionClass {
  const ApplePaySession = page.ApplePaySession;
  if (!ApplePaySession) throw new Error('Not installed');
  return ApplePaySession;
}

function simulator(): Simulator {
  const state = page.applePaySimulator;
  if (!state) throw new Error('Not installed');
  return state;
}

function setUserActivation(isActive: boolean): void {
  Object.defineProperty(navigator, 'userActivation', { value: { isActive }, configurable: true });
}

function sheet(): HTMLElement | null {
  return document.querySelector<HTMLElement>('[role="dialog"][aria-label="Apple Pay (simulated)"]');
}

function button(name: string): HTMLButtonElement {
  const found = [...(sheet()?.querySelectorAll('button') ?? [])].find(
    (candidate) => candidate.textContent === name,
  );
  if (!found) throw new Error(`No button ${name}`);
  return found;
}

function domError(action: () => unknown): DOMException | TypeError {
  try {
    action();
  } catch (error) {
    if (error instanceof DOMException || error instanceof TypeError) return error;
    throw error;
  }
  throw new Error('Expected an exception');
}

const tick = (): Promise<void> =>
  new Promise((resolve) => {
    setTimeout(resolve, 0);
  });

/** A begun session with every handler recorded. */
async function begunSession(): Promise<{ session: Session; events: SimulatedEvent[] }> {
  const session = new (sessionClass())(3, REQUEST);
  const events: SimulatedEvent[] = [];
  session.onvalidatemerchant = (event) => events.push(event);
  session.onpaymentauthorized = (event) => events.push(event);
  session.oncancel = (event) => events.push(event);
  session.begin();
  await tick();
  return { session, events };
}

beforeEach(() => {
  setUserActivation(true);
  install();
});

afterEach(() => {
  delete page.ApplePaySession;
  delete page.applePaySimulator;
  sheet()?.remove();
  vi.unstubAllGlobals();
});

describe('installation', () => {
  it('installs ApplePaySession and the control object', () => {
    expect(typeof page.ApplePaySession).toBe('function');
    expect(simulator()).toMatchObject({
      installed: true,
      canMakePayments: true,
      card: { network: 'Visa', lastDigits: '8181' },
      lastRequest: null,
    });
  });

  it('keeps an existing ApplePaySession', () => {
    const existing = sessionClass();
    delete page.applePaySimulator;
    install();
    expect(page.ApplePaySession).toBe(existing);
    expect(simulator().installed).toBe(false);
  });

  it('takes settings the page made before loading it', () => {
    delete page.ApplePaySession;
    page.applePaySimulator = { canMakePayments: false } as Simulator;
    install();
    expect(simulator()).toMatchObject({ installed: true, canMakePayments: false });
  });

  it("has Apple's status constants on the class and on sessions", () => {
    expect(sessionClass().STATUS_SUCCESS).toBe(0);
    expect(sessionClass().STATUS_FAILURE).toBe(1);
    expect(new (sessionClass())(3, REQUEST).STATUS_SUCCESS).toBe(0);
  });
});

describe('static methods', () => {
  it('supports versions 1 to 14', () => {
    expect(sessionClass().supportsVersion(1)).toBe(true);
    expect(sessionClass().supportsVersion(14)).toBe(true);
    expect(sessionClass().supportsVersion(15)).toBe(false);
    expect(domError(() => sessionClass().supportsVersion(0)).name).toBe('InvalidAccessError');
  });

  it('answers canMakePayments as the control object says', async () => {
    expect(sessionClass().canMakePayments()).toBe(true);
    await expect(sessionClass().canMakePaymentsWithActiveCard('merchant.x')).resolves.toBe(true);
    simulator().canMakePayments = false;
    expect(sessionClass().canMakePayments()).toBe(false);
    await expect(sessionClass().canMakePaymentsWithActiveCard('merchant.x')).resolves.toBe(false);
  });

  it('refuses an insecure document', () => {
    vi.stubGlobal('location', new URL('http://shop.example/checkout'));
    const error = domError(() => sessionClass().canMakePayments());
    expect(error.name).toBe('InvalidAccessError');
    expect(error.message).toBe('Trying to call an ApplePaySession API from an insecure document.');
  });
});

describe('constructor', () => {
  it('remembers a copy of the request', () => {
    new (sessionClass())(3, REQUEST);
    expect(simulator().lastRequest).toEqual(REQUEST);
    expect(simulator().lastRequest).not.toBe(REQUEST);
  });

  it('needs a user gesture', () => {
    setUserActivation(false);
    const error = domError(() => new (sessionClass())(3, REQUEST));
    expect(error.name).toBe('InvalidAccessError');
    expect(error.message).toBe('Must create a new ApplePaySession from a user gesture handler.');
  });

  it('throws a TypeError for a request without a total, before anything else', () => {
    setUserActivation(false);
    const withoutTotal: Partial<typeof REQUEST> = { ...REQUEST };
    delete withoutTotal.total;
    const error = domError(() => new (sessionClass())(3, withoutTotal));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      'Member ApplePayPaymentRequest.total is required and must be an instance of ApplePayLineItem',
    );
    expect(domError(() => new (sessionClass())(3)).name).toBe('TypeError');
  });

  it('throws InvalidAccessError for an unsupported version, as Safari does', () => {
    for (const version of [0, 15, 'two']) {
      const error = domError(() => new (sessionClass())(version, REQUEST));
      expect(error.name).toBe('InvalidAccessError');
      expect(error.message).toMatch(/^"\d+" is not a supported version\.$/);
    }
  });

  it.each([
    [
      'an unknown network',
      { supportedNetworks: ['mastercard'] },
      '"mastercard" is not a valid payment network.',
    ],
    ['no networks', { supportedNetworks: [] }, 'At least one supported network must be provided.'],
    ['no capabilities', { merchantCapabilities: [] }, 'At least one merchant capability must be provided.'],
    ['an invalid amount', { total: { label: 'x', amount: '10.005' } }, '"10.005" is not a valid amount.'],
    ['a negative amount', { total: { label: 'x', amount: '-1.00' } }, 'Total amount must not be negative.'],
    ['no total label', { total: { amount: '1.00' } }, 'Missing total label.'],
    ['an invalid currency', { currencyCode: 'usd' }, '"usd" is not a valid currency code.'],
  ])('throws a TypeError for %s', (_, change, message) => {
    const error = domError(() => new (sessionClass())(3, { ...REQUEST, ...change }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(message);
  });
});

describe('a session', () => {
  it('pays: sheet, merchant validation, authorization, completion', async () => {
    const { session, events } = await begunSession();
    const dialog = sheet();
    expect(dialog).not.toBeNull();
    expect(dialog?.style.position).toBe('fixed');
    expect(dialog?.parentElement).toBe(document.body);
    expect(dialog?.textContent).toContain('Demo Store');
    expect(dialog?.textContent).toContain('USD 10.00');
    expect(button('Pay with Apple Pay (simulated)').disabled).toBe(true);
    expect(events.map((event) => [event.type, event.validationURL])).toEqual([
      ['validatemerchant', 'https://apple-pay-gateway.apple.com/paymentservices/startSession'],
    ]);

    session.completeMerchantValidation(MERCHANT_SESSION);
    expect(button('Pay with Apple Pay (simulated)').disabled).toBe(false);
    button('Pay with Apple Pay (simulated)').click();
    await tick();

    const authorized = events[1];
    expect(authorized?.type).toBe('paymentauthorized');
    const token = authorized?.payment?.token;
    expect(token?.paymentMethod).toEqual({ displayName: 'Visa 8181', network: 'Visa', type: 'debit' });
    expect(token?.transactionIdentifier).toMatch(/^[0-9A-F]{64}$/);
    expect(token?.paymentData).toMatchObject({
      version: 'EC_v1',
      signature: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) as unknown,
      header: { transactionId: token?.transactionIdentifier.toLowerCase() },
    });
    const decrypted = JSON.parse(atob(token?.paymentData.data ?? '')) as Record<string, unknown>;
    expect(decrypted.applicationPrimaryAccountNumber).toBe('4111111111118181');
    expect(authorized?.payment?.billingContact).toMatchObject({ postalCode: '95014' });
    expect(authorized?.payment?.shippingContact).toMatchObject({ emailAddress: 'ada@example.com' });
    expect(simulator().lastPayment).toEqual(authorized?.payment);

    session.completePayment({ status: session.STATUS_SUCCESS });
    expect(sheet()).toBeNull();
    expect(simulator().lastStatus).toBe(0);
    expect(events).toHaveLength(2);
  });

  it('pays with the card the control object names', async () => {
    simulator().card = { network: 'MasterCard', lastDigits: '4444' };
    const { session, events } = await begunSession();
    session.completeMerchantValidation(MERCHANT_SESSION);
    button('Pay with Apple Pay (simulated)').click();
    await tick();
    expect(events[1]?.payment?.token.paymentMethod).toMatchObject({ displayName: 'MasterCard 4444' });
    session.completePayment(1);
    expect(simulator().lastStatus).toBe(1);
  });

  it.each([
    [
      'Cancel',
      () => {
        button('Cancel').click();
      },
    ],
    [
      'Escape',
      () => document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    ],
  ])('%s closes the sheet and calls oncancel', async (_, act) => {
    const { session, events } = await begunSession();
    session.completeMerchantValidation(MERCHANT_SESSION);
    act();
    expect(sheet()).toBeNull();
    await tick();
    expect(events.map((event) => event.type)).toEqual(['validatemerchant', 'cancel']);
    expect(
      domError(() => {
        session.abort();
      }).name,
    ).toBe('InvalidAccessError');
  });

  it('keeps the focus while it authorizes, as Safari leaves the page its focus, and gives it back on closing', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { session } = await begunSession();
    session.completeMerchantValidation(MERCHANT_SESSION);
    const pay = button('Pay with Apple Pay (simulated)');
    expect(document.activeElement).toBe(pay);
    pay.click();
    // Both buttons are disabled while it authorizes: the sheet itself holds the focus.
    expect(pay.disabled).toBe(true);
    expect(document.activeElement).toBe(sheet());
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true }),
    );
    expect(document.activeElement).toBe(sheet());
    await tick();
    session.completePayment(session.STATUS_SUCCESS);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('abort closes the sheet without callbacks and frees the page for another session', async () => {
    const { session, events } = await begunSession();
    session.abort();
    expect(sheet()).toBeNull();
    await tick();
    expect(events.map((event) => event.type)).toEqual(['validatemerchant']);
    await begunSession();
    expect(sheet()).not.toBeNull();
  });

  it('cancels when the merchant session is not an object', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { session, events } = await begunSession();
    session.completeMerchantValidation('not a session');
    expect(sheet()).toBeNull();
    await tick();
    expect(events.map((event) => event.type)).toEqual(['validatemerchant', 'cancel']);
  });

  it('refuses calls out of turn', async () => {
    const { session } = await begunSession();
    expect(
      domError(() => {
        session.begin();
      }).name,
    ).toBe('InvalidAccessError');
    expect(
      domError(() => {
        session.completePayment(0);
      }).name,
    ).toBe('InvalidAccessError');
    const second = new (sessionClass())(3, REQUEST);
    expect(
      domError(() => {
        second.begin();
      }).message,
    ).toBe('Page already has an active payment session.');
    expect(
      domError(() => {
        second.abort();
      }).name,
    ).toBe('InvalidAccessError');
    session.completeMerchantValidation(MERCHANT_SESSION);
    expect(
      domError(() => {
        session.completeMerchantValidation(MERCHANT_SESSION);
      }).name,
    ).toBe('InvalidAccessError');
  });

  it('dispatches the events to listeners too', async () => {
    const session = new (sessionClass())(3, REQUEST);
    const listener = vi.fn();
    session.addEventListener('validatemerchant', listener);
    session.begin();
    await tick();
    expect(listener).toHaveBeenCalledOnce();
  });
});
