import { describe, expect, it } from 'vitest';
import { isPanelError, type PanelError } from '../../shared/errors';
import './venmo-wallet';
import { readVenmoOptions } from './options';

function refusalOf(option: unknown): PanelError {
  try {
    readVenmoOptions(option);
  } catch (error) {
    if (isPanelError(error)) return error;
    throw error;
  }
  throw new Error('the option was read');
}

describe('readVenmoOptions', () => {
  it('reads true as no keys, and keeps the keys it knows with their values', () => {
    expect(readVenmoOptions(true)).toEqual({});
    const option = {
      allowDesktop: true,
      allowNewBrowserTab: false,
      paymentMethodUsage: 'multi_use',
      profileId: 'profile-1',
      deepLinkReturnUrl: 'https://shop.test/checkout',
      lineItems: [{ name: 'Tea', quantity: 2, unitAmount: '5.00', type: 'DEBIT' }],
      totalAmount: '10.00',
      ignoreHistoryChanges: true,
    };
    expect(readVenmoOptions(option)).toMatchObject(option);
  });

  it.each([
    [{ allowDesktop: 'yes' }, 'allowDesktop'],
    [{ paymentMethodUsage: 'sometimes' }, 'paymentMethodUsage'],
    [{ lineItems: [{ name: 'Tea', quantity: 1, unitAmount: '5.00', type: 'REFUND' }] }, 'lineItems'],
    [{ totalAmount: 10 }, 'totalAmount'],
  ])('refuses %j with INVALID_OPTION naming the key', (option, key) => {
    const error = refusalOf(option);
    expect(error.code).toBe('INVALID_OPTION');
    expect(error.message).toBe('The venmo option is invalid.');
    expect(error.details?.reason).toContain(`"${key}" does not fit`);
  });

  it.each([[''], [42], [{}]])('refuses the profile id %j with VENMO_INVALID_PROFILE_ID', (profileId) => {
    const error = refusalOf({ profileId });
    expect(error.code).toBe('VENMO_INVALID_PROFILE_ID');
    expect(error.type).toBe('MERCHANT');
    expect(error.message).toBe('Venmo profile ID is invalid.');
  });

  it.each([['checkout'], ['javascript:alert(1)'], [7], ['']])(
    'refuses the return URL %j with VENMO_INVALID_DEEP_LINK_RETURN_URL',
    (deepLinkReturnUrl) => {
      const error = refusalOf({ deepLinkReturnUrl });
      expect(error.code).toBe('VENMO_INVALID_DEEP_LINK_RETURN_URL');
      expect(error.message).toBe('Venmo deep link return URL is invalid.');
    },
  );
});
