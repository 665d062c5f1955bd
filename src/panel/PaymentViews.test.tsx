import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HostedFields, HostedFieldsState } from '../methods/hosted-fields';
import { fakeClient } from '../methods/hosted-fields/test-support';
import type { CardPayload } from '../shared/frame-messages';
import { createError } from '../shared/errors';
import { PaymentViews, type ViewsApi } from './PaymentViews';

const tokenize = vi.fn<HostedFields['tokenize']>();

/** Card fields whose frames are complete and valid; what `tokenize` answers is up to each test. */
function fakeHostedFields(): HostedFields {
  const field = { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false };
  const container = document.createElement('div');
  const state: HostedFieldsState = {
    cards: [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
    fields: { number: { ...field, container }, expirationDate: { ...field, container } },
  };
  return {
    on: () => () => undefined,
    getState: () => state,
    tokenize,
    setAttribute: vi.fn(),
    removeAttribute: vi.fn(),
    setMessage: vi.fn(),
    clear: vi.fn(),
    focus: vi.fn(),
    addClass: vi.fn(),
    removeClass: vi.fn(),
    relabel: vi.fn(),
    teardown: () => Promise.resolve(),
  };
}

vi.mock('../methods/hosted-fields', () => ({
  createHostedFields: () => Promise.resolve(fakeHostedFields()),
}));

const CARD: CardPayload = {
  nonce: 'tokencc_one',
  type: 'CreditCard',
  description: 'ending in 11',
  details: { cardType: 'Visa', lastTwo: '11' },
};

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let container: HTMLElement;

/** Renders the views with the card option only and waits until they are ready. */
async function renderViews(): Promise<ViewsApi> {
  const offered: ViewsApi[] = [];
  container = document.createElement('div');
  root = createRoot(container);
  await act(async () => {
    root.render(
      <PaymentViews
        host={document.createElement('div')}
        client={fakeClient()}
        options={{}}
        paymentOptions={['card']}
        onApi={(given) => {
          if (given) offered.push(given);
        }}
      />,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const api = offered.at(-1);
  if (!api) throw new Error('The views offered no API.');
  return api;
}

/** Runs a request to its end inside `act`, so React renders what it changed. */
async function request(api: ViewsApi): Promise<{ payload?: unknown; error?: unknown }> {
  let outcome: { payload?: unknown; error?: unknown } = {};
  await act(async () => {
    outcome = await api.requestPaymentMethod().then(
      (payload) => ({ payload }),
      (error: unknown) => ({ error }),
    );
  });
  return outcome;
}

function sheetError(): string | null {
  return container.querySelector('[part="sheet-error"]')?.textContent ?? null;
}

beforeEach(() => {
  tokenize.mockReset();
});

afterEach(() => {
  act(() => {
    root.unmount();
  });
});

describe('PaymentViews requestPaymentMethod', () => {
  it('tells the shopper when the gateway refuses a card for a reason the card sheet does not show', async () => {
    const api = await renderViews();
    const refused = createError('CLIENT_AUTHORIZATION_INSUFFICIENT', undefined, { httpStatus: 403 });
    tokenize.mockRejectedValueOnce(refused);
    expect((await request(api)).error).toBe(refused);
    expect(sheetError()).toBe('Something went wrong on our end.');
  });

  it('clears what the last request told the shopper when a new one starts', async () => {
    const api = await renderViews();
    tokenize.mockRejectedValueOnce(createError('CLIENT_RATE_LIMITED'));
    await request(api);
    expect(sheetError()).toBe('Something went wrong on our end.');
    tokenize.mockResolvedValueOnce(CARD);
    expect((await request(api)).payload).toMatchObject({ nonce: 'tokencc_one' });
    expect(sheetError()).toBeNull();
  });

  it('leaves the card errors to the card sheet', async () => {
    const api = await renderViews();
    tokenize.mockRejectedValueOnce(createError('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR'));
    await request(api);
    expect(container.querySelectorAll('[part="sheet-error"]')).toHaveLength(1);
    expect(sheetError()).toBe('Network error. Please try again.');
  });
});
