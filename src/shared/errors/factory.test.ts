import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, type ErrorCode } from './catalogue';
import { APPLE_PAY_ERRORS } from './catalogues/apple-pay';
import { CLIENT_ERRORS, createRequestError } from './catalogues/client';
import { DATA_COLLECTOR_ERRORS } from './catalogues/data-collector';
import { createChannelError, GENERAL_ERRORS } from './catalogues/general';
import { GOOGLE_PAYMENT_ERRORS } from './catalogues/google-payment';
import { createTokenizationError, HOSTED_FIELDS_ERRORS } from './catalogues/hosted-fields';
import { HOSTED_FIELDS_LOAD_ERRORS } from './catalogues/hosted-fields-load';
import { PANEL_ERRORS } from './catalogues/panel';
import { PAYPAL_ERRORS } from './catalogues/paypal';
import { THREE_D_SECURE_2_ERRORS, THREE_D_SECURE_ERRORS } from './catalogues/three-d-secure';
import { VAULT_MANAGER_ERRORS } from './catalogues/vault-manager';
import { VENMO_ERRORS } from './catalogues/venmo';
import { errorFactory, PanelError } from './factory';

/** A factory called with any code, as the cases below do. */
type LooseFactory = (code: ErrorCode, params?: Record<string, string>, details?: object) => PanelError;

describe('component catalogues', () => {
  it('make up the catalogue, in its order, entry for entry', () => {
    const parts = [
      CLIENT_ERRORS,
      GENERAL_ERRORS,
      PANEL_ERRORS,
      APPLE_PAY_ERRORS,
      HOSTED_FIELDS_ERRORS,
      HOSTED_FIELDS_LOAD_ERRORS,
      PAYPAL_ERRORS,
      VENMO_ERRORS,
      THREE_D_SECURE_ERRORS,
      THREE_D_SECURE_2_ERRORS,
      DATA_COLLECTOR_ERRORS,
      GOOGLE_PAYMENT_ERRORS,
      VAULT_MANAGER_ERRORS,
    ];
    expect(Object.keys(ERROR_CATALOGUE)).toEqual(parts.flatMap((part) => Object.keys(part)));
    for (const part of parts) {
      for (const [code, entry] of Object.entries(part)) {
        expect(ERROR_CATALOGUE[code as ErrorCode]).toBe(entry);
      }
    }
  });
});

describe('bound factories', () => {
  const CASES: [string, LooseFactory, ErrorCode[]][] = [
    [
      'createRequestError',
      createRequestError as LooseFactory,
      [
        'CLIENT_GATEWAY_NETWORK',
        'CLIENT_REQUEST_TIMEOUT',
        'CLIENT_REQUEST_ERROR',
        'CLIENT_RATE_LIMITED',
        'CLIENT_AUTHORIZATION_INSUFFICIENT',
      ],
    ],
    [
      'createChannelError',
      createChannelError as LooseFactory,
      ['MISSING_CHANNEL_ID', 'INCOMPATIBLE_VERSIONS'],
    ],
    [
      'createTokenizationError',
      createTokenizationError as LooseFactory,
      [
        'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
        'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
        'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
        'HOSTED_FIELDS_FAILED_TOKENIZATION',
        'HOSTED_FIELDS_FIELDS_EMPTY',
        'HOSTED_FIELDS_FIELDS_INVALID',
      ],
    ],
  ];

  // The whole catalogue's factory: the page's createError knows only the codes the page creates.
  const createAny = errorFactory(ERROR_CATALOGUE) as LooseFactory;

  it.each(CASES)('%s creates the errors the whole catalogue does', (_, factory, codes) => {
    const params = { clientVersion: '1.9.2', component: 'hosted-fields', componentVersion: '1.9.1' };
    for (const code of codes) {
      const error = factory(code, params, { httpStatus: 500 });
      expect(error).toBeInstanceOf(PanelError);
      expect(error.toJSON()).toEqual(createAny(code, params, { httpStatus: 500 }).toJSON());
    }
  });

  it('fill the placeholders given and leave the others as they are', () => {
    const create = errorFactory(GENERAL_ERRORS) as LooseFactory;
    expect(create('INSTANTIATION_OPTION_REQUIRED', { option: 'authorization' }).message).toBe(
      'options.authorization is required when instantiating {component}.',
    );
  });
});
