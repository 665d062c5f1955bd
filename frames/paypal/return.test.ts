import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { PANEL_VERSION } from '../../src/shared/build-constants';
import { frameHash, wrap } from '../../src/shared/frame-channel';
import { RETURN_TEXTS, returnToPanel } from './return';

const CHANNEL = '0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10';
const PAGE = 'https://merchant.example';
/** The panel's part of the query, as it builds `returnUrl` and `cancelUrl`. */
const PANEL_QUERY = `?${frameHash({ channel: CHANNEL, parentOrigin: PAGE, version: PANEL_VERSION }).slice(1)}`;

const opener = { postMessage: vi.fn() };
let close: Mock<() => void>;

function visit(page: 'redirect' | 'cancel', search: string): void {
  history.replaceState(null, '', `/payment-panel/${PANEL_VERSION}/html/paypal-${page}-frame.html${search}`);
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

describe('returnToPanel: the return page', () => {
  it('hands an approved checkout to the opener, only at the page’s origin, and closes', () => {
    visit('redirect', `${PANEL_QUERY}&paymentId=PAYID-1&token=EC-1&PayerID=PAYER1`);
    expect(returnToPanel('return')).toBe('sent');
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      wrap(CHANNEL, {
        type: 'paypalApproved',
        version: PANEL_VERSION,
        data: { paymentId: 'PAYID-1', token: 'EC-1', PayerID: 'PAYER1' },
      }),
      PAGE,
    );
    expect(close).toHaveBeenCalledOnce();
  });

  it('hands over an approved agreement', () => {
    visit('redirect', `${PANEL_QUERY}&ba_token=BA-1&token=EC-2`);
    expect(returnToPanel('return')).toBe('sent');
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      wrap(CHANNEL, {
        type: 'paypalApproved',
        version: PANEL_VERSION,
        data: { ba_token: 'BA-1', token: 'EC-2' },
      }),
      PAGE,
    );
  });

  it('sends nothing for a query that holds no approval', () => {
    visit('redirect', `${PANEL_QUERY}&token=EC-1`);
    expect(returnToPanel('return')).toBe('invalid');
    expect(document.body.textContent).toBe(RETURN_TEXTS.invalid);
    expect(opener.postMessage).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});

describe('returnToPanel: the cancel page', () => {
  it('hands over a cancellation, whatever PayPal added', () => {
    visit('cancel', `${PANEL_QUERY}&token=EC-1`);
    expect(returnToPanel('cancel')).toBe('sent');
    expect(opener.postMessage).toHaveBeenCalledExactlyOnceWith(
      wrap(CHANNEL, { type: 'paypalCancelled', version: PANEL_VERSION }),
      PAGE,
    );
    expect(close).toHaveBeenCalledOnce();
  });
});

describe('returnToPanel: either page', () => {
  it('says so and stays open without an opener', () => {
    Object.defineProperty(window, 'opener', { value: null, configurable: true });
    visit('cancel', PANEL_QUERY);
    expect(returnToPanel('cancel')).toBe('noOpener');
    expect(document.body.textContent).toBe(RETURN_TEXTS.noOpener);
    expect(close).not.toHaveBeenCalled();
  });

  it.each([
    ['no channel', `?origin=${encodeURIComponent(PAGE)}&version=${PANEL_VERSION}&token=EC-1`],
    ['a channel that is no id', PANEL_QUERY.replace(CHANNEL, 'abc')],
    ['no origin', PANEL_QUERY.replace(/&origin=[^&]*/, '')],
    [
      'an origin with a path',
      PANEL_QUERY.replace(/origin=[^&]*/, `origin=${encodeURIComponent(`${PAGE}/x`)}`),
    ],
  ])('sends nothing with %s, and tells the console', (_, search) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    visit('cancel', search);
    expect(returnToPanel('cancel')).toBe('invalid');
    expect(console.error).toHaveBeenCalledWith('MISSING_CHANNEL_ID: Channel ID must be specified.');
    expect(document.body.textContent).toBe(RETURN_TEXTS.invalid);
    expect(opener.postMessage).not.toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled();
  });
});
