import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { PANEL_VERSION } from '../../src/shared/build-constants';
import { frameHash, wrap } from '../../src/shared/frame-channel';
import { LANDING_TEXTS, land } from './landing';

const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
const PAGE = 'https://merchant.example';
const HASH = frameHash({ channel: CHANNEL, parentOrigin: PAGE, version: PANEL_VERSION });

const opener = { postMessage: vi.fn() };
let close: Mock<() => void>;

function visit(search: string, hash = HASH): void {
  history.replaceState(
    null,
    '',
    `/payment-panel/${PANEL_VERSION}/html/paypal-landing-frame.html${search}${hash}`,
  );
}

beforeEach(() => {
  opener.postMessage.mockReset();
  Object.defineProperty(window, 'opener', { value: opener, configurable: true });
  close = vi.fn<() => void>();
  vi.spyOn(window, 'close').mockImplementation(close);
  document.body.replaceChildren();
});
afterEach(() => {
  Object.defineProperty(window, 'opener', { value: null, configurable: true });
});

describe('land', () => {
  it('hands an approved checkout to the opener, only at the page’s origin, and closes', () => {
    visit('?paymentToken=EC-1&paymentId=PAYID-1&PayerID=PAYER1');
    expect(land()).toBe('sent');
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      wrap(CHANNEL, {
        type: 'paypalApproved',
        version: PANEL_VERSION,
        data: { paymentToken: 'EC-1', paymentID: 'PAYID-1', payerID: 'PAYER1' },
      }),
      PAGE,
    );
    expect(close).toHaveBeenCalledOnce();
  });

  it('hands over an approved agreement', () => {
    visit('?billingToken=BA-1&paymentToken=EC-2&PayerID=PAYER1');
    expect(land()).toBe('sent');
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      wrap(CHANNEL, {
        type: 'paypalApproved',
        version: PANEL_VERSION,
        data: { billingToken: 'BA-1', paymentToken: 'EC-2', payerID: 'PAYER1' },
      }),
      PAGE,
    );
  });

  it('hands over a cancellation', () => {
    visit('?cancelled=1');
    expect(land()).toBe('sent');
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      wrap(CHANNEL, { type: 'paypalCancelled', version: PANEL_VERSION }),
      PAGE,
    );
  });

  it('says so and stays open without an opener', () => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
    visit('?cancelled=1');
    expect(land()).toBe('noOpener');
    expect(document.body.textContent).toBe(LANDING_TEXTS.noOpener);
    expect(close).not.toHaveBeenCalled();
  });

  it('sends nothing without a channel or with a query that is no answer', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    visit('?cancelled=1', '#origin=https%3A%2F%2Fmerchant.example');
    expect(land()).toBe('invalid');
    expect(console.error).toHaveBeenCalledWith('MISSING_CHANNEL_ID: Channel ID must be specified.');
    visit('?paymentToken=EC-1');
    expect(land()).toBe('invalid');
    expect(document.body.textContent).toBe(LANDING_TEXTS.invalid);
    expect(opener.postMessage).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
