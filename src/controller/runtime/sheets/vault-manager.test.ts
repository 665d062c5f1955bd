import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type StubAnswer } from '../../../client/test-support';
import { ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS } from '../../../shared/constants';
import { configuration, controllerHarness, fakeClient, settle } from '../../test-support';

const CARD = {
  type: 'CreditCard',
  nonce: 'card-nonce',
  description: 'ending in 11',
  default: true,
  details: { cardType: 'Visa', lastTwo: '11', lastFour: '1111' },
};
const PAYPAL = {
  type: 'PayPalAccount',
  nonce: 'paypal-nonce',
  default: false,
  details: { email: 'robin@example.com' },
};
const OLD_CARD = {
  type: 'CreditCard',
  nonce: 'old-card-nonce',
  default: false,
  details: { cardType: 'MasterCard', lastTwo: '44' },
};

const DELETED = { body: { data: { deletePaymentMethodFromSingleUseToken: { clientMutationId: null } } } };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A customer's panel with the saved methods listed and requestable, the vault manager offered or not. */
async function customerPanel({
  vaultManager = true,
  guest = false,
  savedMethods = [CARD, PAYPAL, OLD_CARD],
} = {}) {
  vi.useFakeTimers();
  const client = fakeClient(configuration(), { guest, savedMethods });
  const panel = controllerHarness({ client });
  panel.controller.setOptions({ vaultManager, paypal: { flow: 'vault' } });
  await panel.startReady(guest ? 'sandbox_abc_merchant' : 'client-token');
  vi.advanceTimersByTime(ACTIVE_PAYMENT_METHOD_CHANGE_TIMEOUT_MS);
  vi.useRealTimers();
  const sheets = () => {
    const state = panel.controller.getState().sheets;
    if (!state) throw new Error('no sheets');
    return state;
  };
  const method = (nonce: string) => {
    const found = sheets().methods.find((listed) => listed.nonce === nonce);
    if (!found) throw new Error(`${nonce} not listed`);
    return found;
  };
  return { ...panel, sheets, method };
}

describe('the vault manager', () => {
  it.each([
    ['without the option', { vaultManager: false }],
    ['for a guest', { guest: true }],
  ] as [string, { vaultManager?: boolean; guest?: boolean }][])(
    'is not offered %s, and its steps do nothing',
    async (_, options) => {
      const panel = await customerPanel(options);
      expect(panel.sheets().vaultManager).toBeNull();
      panel.controller.vaultManager({ type: 'edit' });
      expect(panel.sheets().vaultManager).toBeNull();
      expect(panel.controller.isPaymentMethodRequestable()).toBe(options.guest !== true);
    },
  );

  it('edit mode makes nothing requestable, and Cancel makes the chosen method requestable again', async () => {
    const panel = await customerPanel();
    expect(panel.sheets().vaultManager).toMatchObject({ editing: false, confirming: null });
    expect(panel.names()).toEqual(['ready', 'paymentMethodRequestable']);
    const focus = panel.sheets().focusRequest;
    panel.controller.vaultManager({ type: 'edit' });
    expect(panel.sheets().vaultManager).toMatchObject({ editing: true, confirming: null });
    expect(panel.sheets().activeView).toBe('methods');
    expect(panel.sheets().focusRequest).toBe(focus + 1);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(false);
    expect(panel.names()).toEqual(['ready', 'paymentMethodRequestable', 'noPaymentMethodRequestable']);
    await expect(panel.controller.requestPaymentMethod()).rejects.toMatchObject({
      code: 'NO_PAYMENT_METHOD_AVAILABLE',
    });
    panel.controller.vaultManager({ type: 'cancelEditing' });
    expect(panel.sheets().vaultManager?.editing).toBe(false);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(true);
    expect(panel.names().at(-1)).toBe('paymentMethodRequestable');
  });

  it.each([
    ['card-nonce', 'Delete Visa card ending in 1111?'],
    ['paypal-nonce', 'Delete PayPal account robin@example.com?'],
    ['old-card-nonce', 'Are you sure you want to delete this payment method?'],
  ])('asks about %s in the delete-confirmation view: %s', async (nonce, question) => {
    const panel = await customerPanel();
    panel.controller.vaultManager({ type: 'choose', method: panel.method(nonce) });
    // Only in edit mode does choosing a method ask.
    expect(panel.sheets().activeView).toBe('methods');
    panel.controller.vaultManager({ type: 'edit' });
    panel.controller.vaultManager({ type: 'choose', method: panel.method(nonce) });
    expect(panel.sheets().activeView).toBe('delete-confirmation');
    expect(panel.sheets().vaultManager).toMatchObject({ editing: true, question, deleting: false });
    expect(panel.sheets().vaultManager?.confirming?.nonce).toBe(nonce);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(false);
  });

  it('cancelling the question goes back to edit mode, focus for the method asked about, nothing deleted', async () => {
    const { calls } = stubFetch();
    const panel = await customerPanel();
    panel.controller.vaultManager({ type: 'edit' });
    const card = panel.method('card-nonce');
    panel.controller.vaultManager({ type: 'choose', method: card });
    panel.controller.vaultManager({ type: 'cancelDelete' });
    expect(panel.sheets().activeView).toBe('methods');
    expect(panel.sheets().vaultManager).toMatchObject({ editing: true, confirming: null, returnTo: card });
    expect(panel.sheets().methods).toHaveLength(3);
    expect(calls).toHaveLength(0);
    expect(panel.controller.isPaymentMethodRequestable()).toBe(false);
  });

  it('deleting takes the method out of the list and stays in edit mode; the last one leaves it', async () => {
    const { calls } = stubFetch(() => DELETED);
    const panel = await customerPanel({ savedMethods: [CARD, PAYPAL] });
    panel.controller.vaultManager({ type: 'edit' });
    panel.controller.vaultManager({ type: 'choose', method: panel.method('card-nonce') });
    panel.controller.vaultManager({ type: 'confirmDelete' });
    expect(panel.sheets().vaultManager?.deleting).toBe(true);
    // A second answer while the first runs changes nothing.
    panel.controller.vaultManager({ type: 'confirmDelete' });
    panel.controller.vaultManager({ type: 'cancelDelete' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]?.init.body as string)).toMatchObject({
      variables: { input: { singleUseTokenId: 'card-nonce' } },
    });
    expect(panel.sheets().methods.map((listed) => listed.nonce)).toEqual(['paypal-nonce']);
    expect(panel.sheets().activeMethod).toBeNull();
    expect(panel.sheets()).toMatchObject({ activeView: 'methods', message: null });
    expect(panel.sheets().vaultManager).toMatchObject({ editing: true, deleting: false, confirming: null });
    expect(panel.client.events).toContain('manager.delete.succeeded');

    panel.controller.vaultManager({ type: 'choose', method: panel.method('paypal-nonce') });
    panel.controller.vaultManager({ type: 'confirmDelete' });
    await settle();
    expect(panel.sheets().methods).toEqual([]);
    expect(panel.sheets().vaultManager?.editing).toBe(false);
    expect(panel.sheets().activeView).toBe('options');
  });

  it.each<[string, StubAnswer, string]>([
    [
      'NOT_FOUND',
      { body: { errors: [{ message: 'gone', extensions: { errorClass: 'NOT_FOUND' } }] } },
      'VAULT_MANAGER_PAYMENT_METHOD_NONCE_NOT_FOUND',
    ],
    ['a 500', { status: 500, body: 'oops' }, 'VAULT_MANAGER_DELETE_PAYMENT_METHOD_UNKNOWN_ERROR'],
  ])(
    'a failed deletion (%s) says so in the sheet, stays in edit mode and tells the merchant',
    async (_, answer, code) => {
      stubFetch(() => answer);
      const panel = await customerPanel();
      panel.controller.vaultManager({ type: 'edit' });
      panel.controller.vaultManager({ type: 'choose', method: panel.method('card-nonce') });
      panel.controller.vaultManager({ type: 'confirmDelete' });
      await settle();
      expect(panel.sheets()).toMatchObject({
        activeView: 'methods',
        message: 'Unable to delete payment method, try again.',
      });
      expect(panel.sheets().vaultManager).toMatchObject({ editing: true, deleting: false, confirming: null });
      expect(panel.sheets().methods).toHaveLength(3);
      expect(panel.events.find((event) => event.name === 'errorOccurred')?.detail).toMatchObject({ code });
      expect(panel.client.events).toContain('manager.delete.failed');
      // The next step clears the message.
      panel.controller.vaultManager({ type: 'choose', method: panel.method('card-nonce') });
      expect(panel.sheets().message).toBeNull();
    },
  );

  it('another sheet ends edit mode, and the merchant turning the option off does too', async () => {
    const panel = await customerPanel();
    panel.controller.vaultManager({ type: 'edit' });
    panel.controller.showOptions();
    expect(panel.sheets().vaultManager?.editing).toBe(false);
    panel.controller.selectMethod(panel.method('card-nonce'));
    panel.controller.vaultManager({ type: 'edit' });
    // Not from the option list: edit mode is the saved methods' sheet's.
    expect(panel.sheets().vaultManager?.editing).toBe(false);
  });

  it('the option turned off leaves edit mode', async () => {
    const panel = await customerPanel();
    panel.controller.vaultManager({ type: 'edit' });
    panel.controller.vaultManager({ type: 'choose', method: panel.method('card-nonce') });
    panel.controller.setOptions({ vaultManager: false, paypal: { flow: 'vault' } });
    await settle();
    expect(panel.sheets().vaultManager).toBeNull();
    expect(panel.sheets().activeView).toBe('methods');
  });
});
