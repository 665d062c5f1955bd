import { describe, expect, inject, it } from 'vitest';
import { expectReadsItsShape } from './test-support';
import {
  THREE_D_SECURE_FIELD_MAX_LENGTH,
  THREE_D_SECURE_URL_MAX_LENGTH,
  authenticationCompleteMessage,
  parseThreeDSecureFrameMessage,
  parseThreeDSecurePageMessage,
  threeDSecureFrameMessage,
  threeDSecurePageMessage,
  type ThreeDSecureFrameMessage,
  type ThreeDSecurePageMessage,
} from './three-d-secure-messages';

const { gateway } = inject('localOrigins');

const configuration: ThreeDSecurePageMessage = {
  type: 'bankFrameConfiguration',
  acsUrl: `${gateway}/sandbox/three-d-secure/acs`,
  pareq: 'sandbox-pareq-1',
  md: 'sandbox-md-1',
  termUrl: `${gateway}/term?session=1&three_d_secure_version=3.26.0`,
};

const request: ThreeDSecureFrameMessage = { type: 'bankFrameConfigurationRequest', version: '1.9.2' };

const frameError: ThreeDSecureFrameMessage = {
  type: 'frameError',
  frame: 'three-d-secure-bank',
  error: {
    name: 'PanelError',
    code: 'THREEDS_TERM_URL_REQUIRES_DOMAIN',
    type: 'INTERNAL',
    message: 'Term Url must be on an allowed provider domain.',
    details: { termUrl: 'https://evil.example/term' },
  },
};

const complete: ThreeDSecureFrameMessage = {
  type: 'authenticationComplete',
  authResponse: { success: true, paymentMethod: { nonce: 'tokencc_1' } },
};

describe('parseThreeDSecurePageMessage', () => {
  it('reads a configuration and drops unknown keys', () => {
    expect(parseThreeDSecurePageMessage(configuration)).toEqual(configuration);
    expect(parseThreeDSecurePageMessage({ ...configuration, parentUrl: 'https://shop.example/' })).toEqual(
      configuration,
    );
  });

  it('accepts exactly what its declaration makes, and refuses every hostile variant', () => {
    expectReadsItsShape(threeDSecurePageMessage);
    expectReadsItsShape(threeDSecurePageMessage, { examples: [configuration] });
  });

  it.each([
    ['another type', { ...configuration, type: 'bankFrameConfigurationRequest' }],
    ['an over-long term URL', { ...configuration, termUrl: 'x'.repeat(THREE_D_SECURE_URL_MAX_LENGTH + 1) }],
    ['an over-long PaReq', { ...configuration, pareq: 'x'.repeat(THREE_D_SECURE_FIELD_MAX_LENGTH + 1) }],
    ['no MD', { ...configuration, md: undefined }],
    ['an array', [configuration]],
  ])('refuses %s', (_, value) => {
    expect(parseThreeDSecurePageMessage(value)).toBeNull();
  });
});

describe('parseThreeDSecureFrameMessage', () => {
  it('accepts exactly what its declaration makes, and refuses every hostile variant', () => {
    expectReadsItsShape(threeDSecureFrameMessage);
    expectReadsItsShape(threeDSecureFrameMessage, { examples: [request, frameError, complete] });
  });

  it('reads a configuration request, a frame error and the bank’s answer', () => {
    expect(parseThreeDSecureFrameMessage(request)).toEqual(request);
    expect(parseThreeDSecureFrameMessage(frameError)).toEqual(frameError);
    expect(parseThreeDSecureFrameMessage(complete)).toEqual(complete);
    const unreadable = { type: 'authenticationComplete', authResponse: null };
    expect(parseThreeDSecureFrameMessage(unreadable)).toEqual(unreadable);
  });

  it('drops unknown keys', () => {
    expect(parseThreeDSecureFrameMessage({ ...request, extra: 1 })).toEqual(request);
    expect(
      parseThreeDSecureFrameMessage({ ...frameError, error: { ...frameError.error, stack: 'x' } }),
    ).toEqual(frameError);
  });

  it.each([
    ['an unknown type', { type: 'frameReady', frame: 'three-d-secure-bank', version: '1.9.2' }],
    ['a request without version', { type: 'bankFrameConfigurationRequest' }],
    ['an error of another frame kind', { ...frameError, frame: 'hosted-fields' }],
    ['an error that is no panel error', { ...frameError, error: { ...frameError.error, name: 'Error' } }],
    ['an answer that is a string', { type: 'authenticationComplete', authResponse: '{"success":true}' }],
    ['an answer that is an array', { type: 'authenticationComplete', authResponse: [] }],
    ['an answer without its key', { type: 'authenticationComplete' }],
    [
      'an answer with a prototype key',
      {
        type: 'authenticationComplete',
        authResponse: JSON.parse('{"__proto__":{"success":true}}') as object,
      },
    ],
    ['the page’s configuration', configuration],
  ])('refuses %s', (_, value) => {
    expect(parseThreeDSecureFrameMessage(value)).toBeNull();
  });
});

describe('authenticationCompleteMessage', () => {
  const answer = {
    success: false,
    error: { message: 'Failed to authenticate, please try a different form of payment.' },
    fieldErrors: [],
    threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true },
    note: 'a=b&c?d+e 100% ✓',
  };
  const base =
    '?channel=0b3e1c52-4c4d-4b8e-9b7a-9d2f3c1e5a10&origin=https%3A%2F%2Fshop.example&version=1.9.2&';

  it('reads a fully percent-encoded answer, `=`, `&`, `?`, `+` and `%` inside included', () => {
    const message = authenticationCompleteMessage(
      `${base}auth_response=${encodeURIComponent(JSON.stringify(answer))}`,
    );
    expect(message).toEqual({ type: 'authenticationComplete', authResponse: answer });
  });

  it('reads a form-encoded answer (`+` for a space) and keeps a raw `=` or `?` in the value', () => {
    const json = JSON.stringify({ error: { message: 'Try again?' }, formula: 'a=b' });
    const formEncoded = new URLSearchParams({ auth_response: json }).toString();
    expect(formEncoded).toContain('+');
    expect(authenticationCompleteMessage(`${base}${formEncoded}`).authResponse).toEqual(JSON.parse(json));
    const raw = `${base}auth_response=${encodeURIComponent('{"formula":"x')}=y?"}`;
    expect(authenticationCompleteMessage(raw).authResponse).toEqual({ formula: 'x=y?' });
  });

  it('takes the first answer when the query has two', () => {
    const first = encodeURIComponent('{"success":true}');
    const second = encodeURIComponent('{"success":false}');
    expect(authenticationCompleteMessage(`${base}auth_response=${first}&auth_response=${second}`)).toEqual({
      type: 'authenticationComplete',
      authResponse: { success: true },
    });
  });

  it.each([
    ['no answer', base],
    ['an empty answer', `${base}auth_response=`],
    ['an answer cut at a raw `&`', `${base}auth_response={"error":{"message":"a&b"}}`],
    ['a broken escape', `${base}auth_response=%7B%ZZ%7D`],
    ['a JSON array', `${base}auth_response=${encodeURIComponent('[1]')}`],
    ['a JSON string', `${base}auth_response=${encodeURIComponent('"ok"')}`],
    ['JSON null', `${base}auth_response=null`],
  ])('hands over `null` for %s', (_, search) => {
    expect(authenticationCompleteMessage(search)).toEqual({
      type: 'authenticationComplete',
      authResponse: null,
    });
  });
});
