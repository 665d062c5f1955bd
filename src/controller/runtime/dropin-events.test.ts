/**
 * The drop-in's view, card and 3D Secure events (docs/element.md, "Events"): the view-id table, the
 * card events' `detail` built from what the frames report, and each event as the element fires it
 * over the fake frames and the fake 3D Secure file, which report only what the real ones do.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HostedFieldsState } from '../../methods/hosted-fields';
import { ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS } from '../../shared/constants';
import type { PaymentPanelEventName } from '../events';
import { configuration, controllerHarness, customerWithSavedCard, fakeClient, settle } from '../test-support';
import { changeActiveViewDetail, cardEventDetail, cardEventName, VIEW_IDS } from './dropin-events';

afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** The harness with the given events of its element recorded, in order, with their `detail`. */
function recording(panel: ReturnType<typeof controllerHarness>, names: PaymentPanelEventName[]) {
  const fired: { name: string; detail: unknown }[] = [];
  for (const name of names) {
    panel.host.addEventListener(name, (event) => {
      fired.push({ name, detail: (event as CustomEvent).detail });
    });
  }
  return fired;
}

const CARD_EVENT_NAMES: PaymentPanelEventName[] = [
  'cardFocus',
  'cardBlur',
  'cardEmpty',
  'cardNotEmpty',
  'cardValidityChange',
  'cardCardTypeChange',
  'cardInputSubmitRequest',
  'cardBinAvailable',
];

describe('the view ids', () => {
  it('name every view of the panel as the drop-in did', () => {
    expect(VIEW_IDS).toEqual({
      card: 'card',
      paypal: 'paypal',
      paypalCredit: 'paypalCredit',
      paypalPayLater: 'paypalPayLater',
      venmo: 'venmo',
      applePay: 'applePay',
      googlePay: 'googlePay',
      methods: 'methods',
      options: 'options',
      'delete-confirmation': 'delete-confirmation',
    });
  });

  it('announce a move, with no previous view the first time, and nothing when the view stays', () => {
    expect(changeActiveViewDetail(null, 'options')).toEqual({
      previousViewId: undefined,
      newViewId: 'options',
    });
    expect(changeActiveViewDetail('options', 'card')).toEqual({
      previousViewId: 'options',
      newViewId: 'card',
    });
    expect(changeActiveViewDetail('card', 'card')).toBeNull();
    expect(changeActiveViewDetail('card', null)).toBeNull();
    // A view without a row has no drop-in id: nothing to announce.
    expect(changeActiveViewDetail('card', 'somewhere')).toBeNull();
  });
});

describe("the card events' detail", () => {
  const container = document.createElement('div');
  const state: HostedFieldsState = {
    cards: [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
    emittedBy: 'number',
    fields: {
      number: { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: true, container },
      cvv: { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false, container },
    },
  };

  it('is the state the fields reported: brands, the reporting field, each field with its container', () => {
    const detail = cardEventDetail(state);
    expect(detail).toEqual(state);
    expect(detail?.fields.number?.container).toBe(container);
  });

  it.each([
    ['focus', 'cardFocus'],
    ['blur', 'cardBlur'],
    ['empty', 'cardEmpty'],
    ['notEmpty', 'cardNotEmpty'],
    ['validityChange', 'cardValidityChange'],
    ['cardTypeChange', 'cardCardTypeChange'],
    ['inputSubmitRequest', 'cardInputSubmitRequest'],
  ] as const)('of the fields %s is the element event %s', (event, name) => {
    expect(cardEventName(event)).toBe(name);
  });

  it('is none for a state no field reported', () => {
    expect(cardEventDetail({ cards: [], fields: {} })).toBeNull();
  });
});

describe('the card events', () => {
  it('follow what the frames report, with the card fields state and the BIN once there are six digits', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    const fired = recording(panel, CARD_EVENT_NAMES);
    panel.frames.focusField('number');
    for (const number of ['4', '41', '4111', '41111', '411111', '4111111', '4111111111111111']) {
      panel.frames.enter('number', number);
    }
    panel.frames.submit('number');
    panel.frames.focusField('number', false);

    expect(fired.map((event) => event.name)).toEqual([
      'cardFocus',
      'cardNotEmpty',
      'cardCardTypeChange',
      'cardBinAvailable',
      'cardValidityChange',
      'cardInputSubmitRequest',
      'cardBlur',
    ]);
    expect(fired[3]?.detail).toEqual({ bin: '411111' });
    const containerOf = (field: string) => panel.frames.state.fields[field as 'number']?.container;
    expect(fired[0]?.detail).toEqual({
      cards: [],
      emittedBy: 'number',
      fields: {
        number: {
          isEmpty: true,
          isValid: false,
          isPotentiallyValid: true,
          isFocused: true,
          container: containerOf('number'),
        },
        expirationDate: {
          isEmpty: true,
          isValid: false,
          isPotentiallyValid: true,
          isFocused: false,
          container: containerOf('expirationDate'),
        },
      },
    });
    expect(fired[2]?.detail).toMatchObject({
      cards: [{ type: 'visa', niceType: 'Visa' }],
      emittedBy: 'number',
    });
    expect(fired[4]?.detail).toMatchObject({
      emittedBy: 'number',
      fields: { number: { isValid: true, isFocused: true } },
    });
    expect(fired[6]?.detail).toMatchObject({ fields: { number: { isFocused: false } } });

    // Emptied and typed again, the number gives its BIN again; `empty` when it is emptied.
    fired.length = 0;
    panel.frames.enter('number', '');
    panel.frames.enter('number', '411111');
    expect(fired.map((event) => event.name)).toContain('cardEmpty');
    expect(fired.filter((event) => event.name === 'cardBinAvailable')).toEqual([
      { name: 'cardBinAvailable', detail: { bin: '411111' } },
    ]);
    // The other fields report with their own name.
    fired.length = 0;
    panel.frames.enter('expirationDate', '1230');
    expect(fired[0]).toMatchObject({ name: 'cardNotEmpty', detail: { emittedBy: 'expirationDate' } });
  });

  it('stop with the frames the panel let go of', async () => {
    const panel = controllerHarness();
    await panel.startReady();
    const fired = recording(panel, CARD_EVENT_NAMES);
    panel.controller.setOptions({ card: { cardholderName: true } });
    await settle();
    panel.frames.focusField('number');
    expect(fired).toEqual([]);
  });
});

describe('changeActiveView', () => {
  it('names every move between the views, the first one without a previous view', async () => {
    vi.useFakeTimers();
    const panel = controllerHarness();
    panel.controller.setOptions({ paypal: { flow: 'vault' } });
    const fired = recording(panel, ['changeActiveView', 'ready']);
    await panel.startReady();
    panel.controller.selectOption('card');
    panel.frames.fill();
    const request = panel.controller.requestPaymentMethod();
    await vi.advanceTimersByTimeAsync(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
    await request;
    panel.controller.showOptions();
    panel.controller.selectOption('paypal');

    expect(fired).toEqual([
      { name: 'changeActiveView', detail: { previousViewId: undefined, newViewId: 'options' } },
      { name: 'ready', detail: { version: expect.any(String) as string } },
      { name: 'changeActiveView', detail: { previousViewId: 'options', newViewId: 'card' } },
      { name: 'changeActiveView', detail: { previousViewId: 'card', newViewId: 'methods' } },
      { name: 'changeActiveView', detail: { previousViewId: 'methods', newViewId: 'options' } },
      { name: 'changeActiveView', detail: { previousViewId: 'options', newViewId: 'paypal' } },
    ]);
  });

  it('starts on the saved methods of a customer', async () => {
    const client = customerWithSavedCard();
    const panel = controllerHarness({ client });
    const fired = recording(panel, ['changeActiveView']);
    await panel.startReady();
    expect(fired).toEqual([
      { name: 'changeActiveView', detail: { previousViewId: undefined, newViewId: 'methods' } },
    ]);
  });
});

describe('3D Secure', () => {
  const THREE_DS_EVENTS: PaymentPanelEventName[] = [
    'threeDSecureAuthenticationModalRender',
    'threeDSecureAuthenticationModalClose',
    'threeDSecureCustomerCanceled',
    'paymentMethodRequestable',
  ];

  async function challenged() {
    const panel = controllerHarness({ client: fakeClient(configuration(), { guest: false }) });
    panel.controller.setOptions({ threeDSecure: { amount: '10.00' } });
    await panel.startReady();
    panel.modules.threeDSecure.challenge();
    panel.frames.fill();
    const fired = recording(panel, THREE_DS_EVENTS);
    const request = panel.controller.requestPaymentMethod();
    await vi.waitFor(() => {
      expect(fired.map((event) => event.name)).toContain('threeDSecureAuthenticationModalRender');
    });
    return { panel, fired, request };
  }

  it('the challenge shows and closes; the card is requestable again under its new nonce', async () => {
    const { panel, fired, request } = await challenged();
    panel.modules.threeDSecure.passChallenge();
    await expect(request).resolves.toMatchObject({ nonce: 'tokencc_one_verified' });
    expect(fired).toEqual([
      { name: 'threeDSecureAuthenticationModalRender', detail: null },
      { name: 'threeDSecureAuthenticationModalClose', detail: null },
      { name: 'paymentMethodRequestable', detail: { type: 'CreditCard', paymentMethodIsSelected: true } },
    ]);
  });

  it.each([
    [
      'closes the modal',
      (panel: ReturnType<typeof controllerHarness>) => {
        panel.controller.cancelVerification();
      },
    ],
    [
      "presses Cancel on the issuer's page",
      (panel: ReturnType<typeof controllerHarness>) => {
        panel.modules.threeDSecure.cancelOnIssuerPage();
      },
    ],
  ])('the shopper who %s cancels it, then the modal closes', async (_, cancel) => {
    const { panel, fired, request } = await challenged();
    cancel(panel);
    await expect(request).resolves.toMatchObject({ nonce: 'tokencc_one_looked_up' });
    expect(fired.map((event) => event.name)).toEqual([
      'threeDSecureAuthenticationModalRender',
      'threeDSecureCustomerCanceled',
      'threeDSecureAuthenticationModalClose',
      'paymentMethodRequestable',
    ]);
  });

  it('a frictionless verification shows no modal and fires none of them', async () => {
    const panel = controllerHarness({ client: fakeClient(configuration(), { guest: false }) });
    panel.controller.setOptions({ threeDSecure: { amount: '10.00' } });
    await panel.startReady();
    panel.frames.fill();
    const fired = recording(panel, THREE_DS_EVENTS);
    await panel.controller.requestPaymentMethod();
    expect(fired.map((event) => event.name)).toEqual(['paymentMethodRequestable']);
  });
});
