/**
 * Every real message between the page, the frames and the PayPal popup, each as a valid example
 * with the shape its reader checks: the hostile-message generator spoofs them and corrupts them.
 * The shapes are written from the readers in src/shared and frames/; the fuzz spec proves that
 * every corruption made for a trusted sender is refused by the real reader.
 * @packageDocumentation
 */
import { CARD_BRAND_TYPES } from '../../../src/shared/card-brands';
import { FRAME_KINDS, SHORT_TEXT_MAX_LENGTH } from '../../../src/shared/frame-channel';
import { FIELD_EVENT_TYPES, FIELD_KEYS, SETTABLE_ATTRIBUTES } from '../../../src/shared/hosted-fields';
import { PAYPAL_TOKEN_MAX_LENGTH } from '../../../src/shared/paypal-messages';
import {
  THREE_D_SECURE_FIELD_MAX_LENGTH,
  THREE_D_SECURE_URL_MAX_LENGTH,
} from '../../../src/shared/three-d-secure-messages';
import type { FieldKind, MessageTemplate, ValueKind } from './hostile-messages';

const text = (max?: number): FieldKind => ({
  kind: max === undefined ? { t: 'string' } : { t: 'string', max },
});
const shortText: FieldKind = text(SHORT_TEXT_MAX_LENGTH);
const literal = (...values: readonly string[]): FieldKind => ({ kind: { t: 'literal', values } });
const optional = (field: FieldKind): FieldKind => ({ ...field, optional: true });
const bool: FieldKind = { kind: { t: 'boolean' } };
const num: FieldKind = { kind: { t: 'number' } };
const object = (keys: Record<string, FieldKind>): FieldKind => ({ kind: { t: 'object', keys } });
const record = (item: ValueKind | null): FieldKind => ({ kind: { t: 'record', item } });
const fieldKey = literal(...FIELD_KEYS);
const type = (name: string): FieldKind => literal(name);

const fieldState = object({ isEmpty: bool, isValid: bool, isPotentiallyValid: bool, isFocused: bool });
const wireError = (caps: { code?: number; message?: number } = {}): FieldKind =>
  object({
    name: literal('PanelError'),
    code: text(caps.code),
    type: text(caps.code),
    message: text(caps.message),
    details: optional(record(null)),
  });
const ERROR = {
  name: 'PanelError',
  code: 'HOSTED_FIELDS_FIELDS_EMPTY',
  type: 'CUSTOMER',
  message: 'All fields are empty. Cannot tokenize empty card fields.',
};
const CARD_PAYLOAD = {
  nonce: 'tokencc_fuzz_spoof',
  type: 'CreditCard',
  description: 'ending in 11',
  details: { cardType: 'Visa', lastTwo: '11' },
};

/** A fixed request id the spoofs name (a pending request's is random: a spoof cannot match it). */
const REQUEST_ID = '7d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

/** The hosted-field frames' messages to the page (`frame-to-page-schema.ts`). */
export function hostedFieldsToPage(version: string): MessageTemplate[] {
  return [
    {
      message: { type: 'frameReady', frame: 'hosted-fields', version, field: 'number' },
      shape: {
        type: type('frameReady'),
        frame: literal(...FRAME_KINDS),
        version: text(),
        field: optional(fieldKey),
      },
    },
    {
      message: { type: 'frameError', frame: 'hosted-fields', error: ERROR },
      shape: { type: type('frameError'), frame: literal(...FRAME_KINDS), error: wireError() },
    },
    {
      message: {
        type: 'fieldEvent',
        event: 'validityChange',
        field: 'number',
        state: { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false },
        cards: [{ type: 'visa', niceType: 'Visa', code: { name: 'CVV', size: 3 } }],
      },
      shape: {
        type: type('fieldEvent'),
        event: literal(...FIELD_EVENT_TYPES),
        field: fieldKey,
        state: fieldState,
        cards: optional({
          kind: {
            t: 'array',
            max: 8,
            item: {
              t: 'object',
              keys: {
                type: literal(...CARD_BRAND_TYPES),
                niceType: text(),
                code: object({ name: text(), size: num }),
              },
            },
          },
        }),
      },
    },
    {
      message: { type: 'submitRequest', field: 'number' },
      shape: { type: type('submitRequest'), field: fieldKey },
    },
    {
      message: { type: 'tokenizeResult', requestId: REQUEST_ID, payload: CARD_PAYLOAD },
      shape: {
        type: type('tokenizeResult'),
        requestId: text(),
        payload: optional(
          object({
            nonce: shortText,
            type: literal('CreditCard'),
            description: shortText,
            details: object({
              cardType: shortText,
              lastTwo: shortText,
              lastFour: optional(shortText),
              bin: optional(shortText),
              expirationMonth: optional(shortText),
              expirationYear: optional(shortText),
              cardholderName: optional(shortText),
            }),
            binData: optional(record(null)),
          }),
        ),
        error: optional(wireError()),
      },
    },
  ];
}

/** The page's messages to a hosted-field frame (`parsePageToFrameMessage`). */
export function pageToHostedField(field: string): MessageTemplate[] {
  const withField = (
    message: Record<string, unknown>,
    shape: Record<string, FieldKind>,
  ): MessageTemplate => ({
    message: { ...message, field },
    shape: { ...shape, field: fieldKey },
  });
  return [
    withField(
      { type: 'configureField', label: 'Hostile label', placeholder: 'hostile', maxlength: 3, styles: {} },
      {
        type: type('configureField'),
        label: optional(shortText),
        placeholder: optional(shortText),
        maxlength: optional(num),
        minlength: optional(num),
        prefill: optional(shortText),
        styles: record({ t: 'record', item: { t: 'string' } }),
      },
    ),
    {
      message: {
        type: 'configureTokenizer',
        fields: ['number', 'cvv'],
        clientApiUrl: 'https://attacker.example/client_api',
        analyticsUrl: 'https://attacker.example/analytics',
        authorization: { tokenizationKey: 'sandbox_fuzz_attacker' },
        metadata: { source: 'hostile' },
        supportedCardTypes: ['Visa'],
      },
      shape: {
        type: type('configureTokenizer'),
        fields: { kind: { t: 'array', item: { t: 'literal', values: FIELD_KEYS } } },
        clientApiUrl: text(),
        analyticsUrl: optional(text()),
        authorization: {
          kind: {
            t: 'custom',
            invalid: [
              null,
              5,
              'sandbox_key',
              [],
              {},
              { tokenizationKey: 5 },
              { authorizationFingerprint: null },
            ],
          },
        },
        metadata: record({ t: 'string' }),
        supportedCardTypes: { kind: { t: 'array', item: { t: 'string' } } },
      },
    },
    {
      message: { type: 'tokenize', requestId: REQUEST_ID, vault: false },
      shape: {
        type: type('tokenize'),
        requestId: text(),
        vault: bool,
        billingAddress: optional(record({ t: 'string', max: SHORT_TEXT_MAX_LENGTH })),
      },
    },
    withField(
      { type: 'setAttribute', attribute: 'placeholder', value: 'hostile' },
      {
        type: type('setAttribute'),
        attribute: literal(...Object.keys(SETTABLE_ATTRIBUTES)),
        value: { kind: { t: 'custom', invalid: [null, 5, {}, [], 'x'.repeat(SHORT_TEXT_MAX_LENGTH + 1)] } },
      },
    ),
    withField(
      { type: 'removeAttribute', attribute: 'aria-invalid' },
      { type: type('removeAttribute'), attribute: literal(...Object.keys(SETTABLE_ATTRIBUTES)) },
    ),
    withField({ type: 'clearField' }, { type: type('clearField') }),
    withField({ type: 'focusField' }, { type: type('focusField') }),
    withField({ type: 'addClass', className: 'hostile' }, { type: type('addClass'), className: shortText }),
    withField(
      { type: 'removeClass', className: 'valid' },
      { type: type('removeClass'), className: shortText },
    ),
    withField({ type: 'setMessage', message: 'hostile' }, { type: type('setMessage'), message: shortText }),
  ];
}

/** The page's message to the 3D Secure bank frame (`parseThreeDSecurePageMessage`). */
export function pageToBankFrame(): MessageTemplate[] {
  const url = text(THREE_D_SECURE_URL_MAX_LENGTH);
  const field = text(THREE_D_SECURE_FIELD_MAX_LENGTH);
  return [
    {
      message: {
        type: 'bankFrameConfiguration',
        acsUrl: 'https://attacker.example/acs',
        pareq: 'hostile-pareq',
        md: 'hostile-md',
        termUrl: 'https://attacker.example/term?x=1',
      },
      shape: { type: type('bankFrameConfiguration'), acsUrl: url, pareq: field, md: field, termUrl: url },
    },
  ];
}

/** The 3D Secure frames' messages to the page (`parseThreeDSecureFrameMessage`). */
export function threeDSecureToPage(version: string): MessageTemplate[] {
  return [
    {
      message: { type: 'bankFrameConfigurationRequest', version },
      shape: { type: type('bankFrameConfigurationRequest'), version: text(200) },
    },
    {
      message: {
        type: 'frameError',
        frame: 'three-d-secure-bank',
        error: { ...ERROR, code: 'THREEDS_TERM_URL_REQUIRES_DOMAIN' },
      },
      shape: {
        type: type('frameError'),
        frame: literal('three-d-secure-bank', 'three-d-secure-complete'),
        error: wireError({ code: 200, message: 2000 }),
      },
    },
    {
      message: {
        type: 'authenticationComplete',
        authResponse: {
          success: true,
          paymentMethod: { nonce: 'tokencc_fuzz_spoof', details: { cardType: 'Visa', lastTwo: '02' } },
          threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
        },
      },
      shape: { type: type('authenticationComplete'), authResponse: { ...record(null), nullable: true } },
    },
  ];
}

/**
 * The PayPal return and cancel pages' messages to the page (`parsePayPalReturnMessage`): PayPal's
 * answer to a checkout and to an agreement, and a cancellation.
 */
export function paypalReturnToPage(version: string): MessageTemplate[] {
  const token = (max = PAYPAL_TOKEN_MAX_LENGTH): FieldKind => ({
    kind: { t: 'custom', invalid: ['', 'x'.repeat(max + 1), 5, null, true, [], {}] },
  });
  // The return is a union picked by `ba_token`: values the reader refuses, whichever shape they aim at.
  const data: FieldKind = {
    kind: {
      t: 'custom',
      invalid: [
        null,
        5,
        'EC-1',
        [],
        {},
        { ba_token: '' },
        { ba_token: 5 },
        { ba_token: 'x'.repeat(PAYPAL_TOKEN_MAX_LENGTH + 1), token: 'EC-1' },
        { token: 'EC-1' },
        { paymentId: 'PAYID-1', token: 'EC-1' },
        { paymentId: 'PAYID-1', token: '', PayerID: 'P' },
        // The landing page's spelling, which the return page replaced.
        { paymentToken: 'EC-1', paymentID: 'PAYID-1', payerID: 'P' },
        { billingToken: 'BA-1' },
      ],
    },
  };
  return [
    {
      message: {
        type: 'paypalApproved',
        version,
        data: { paymentId: 'PAYID-FUZZ', token: 'EC-FUZZSPOOF', PayerID: 'FUZZPAYER' },
      },
      shape: { type: type('paypalApproved'), version: token(), data },
    },
    {
      message: { type: 'paypalApproved', version, data: { ba_token: 'BA-FUZZSPOOF', token: 'EC-FUZZSPOOF' } },
      shape: { type: type('paypalApproved'), version: token(), data },
    },
    {
      message: { type: 'paypalCancelled', version },
      shape: { type: type('paypalCancelled'), version: token() },
    },
  ];
}

/** The hosted-field frames' messages to each other over their sibling channel (`siblings.ts`). */
export function siblingMessages(): MessageTemplate[] {
  return [
    {
      message: { type: 'cardType', cardType: 'american-express' },
      shape: { type: type('cardType'), cardType: { ...literal(...CARD_BRAND_TYPES), nullable: true } },
    },
    {
      message: { type: 'supportedCardTypes', cardTypes: ['JCB'] },
      shape: {
        type: type('supportedCardTypes'),
        cardTypes: { kind: { t: 'array', max: 50, item: { t: 'string', max: 100 } } },
      },
    },
    {
      message: { type: 'collect', requestId: REQUEST_ID },
      shape: { type: type('collect'), requestId: text(200) },
    },
    {
      message: {
        type: 'value',
        requestId: REQUEST_ID,
        field: 'cvv',
        value: '999',
        state: { isEmpty: false, isValid: true, isPotentiallyValid: true, isFocused: false },
      },
      shape: {
        type: type('value'),
        requestId: text(200),
        field: fieldKey,
        value: text(300),
        state: fieldState,
      },
    },
  ];
}
