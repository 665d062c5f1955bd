/**
 * The element connects to the sandbox gateway: configuration request on the wire, `ready`, and
 * each failure of the configuration call as its catalogue error.
 */
import { localOrigins } from '../../server/origins';
import { expect, test } from './support/fixtures';
import { installClock, pauseClock, toJustBeforeTimeout } from './support/clock';

const CONFIGURATION = '/client_api/v1/configuration';
const { merchant } = localOrigins();

test('the demo checkout becomes ready and asks for the configuration as the protocol says', async ({
  page,
  panel,
  sandbox,
}) => {
  await panel.openDemo();

  const ready = await panel.waitForEvent('ready');
  expect(ready.detail).toEqual({ version: '1.9.2' });
  await expect(panel.state()).toHaveAttribute('data-state', 'ready');
  await expect(panel.element.locator('[part="loading-indicator"]')).toHaveCount(0);
  // The wrapper is no longer hidden (its content arrives with the payment options).
  await expect(panel.element.locator('[part="wrapper"]')).not.toHaveAttribute('hidden');
  // The demo logs every event of the element.
  await expect(page.locator('#event-log li[data-event="ready"]')).toHaveCount(1);

  const requests = await sandbox.requests(CONFIGURATION);
  expect(requests).toHaveLength(1);
  const [request] = requests;
  expect(request?.method).toBe('GET');
  expect(request?.path).toBe('/merchants/demo_merchant/client_api/v1/configuration');
  expect(request?.origin).toBe(merchant);
  expect(request?.query).toEqual({
    tokenizationKey: sandbox.key('demo_merchant'),
    '_meta[merchantAppId]': new URL(merchant).host,
    '_meta[platform]': 'web',
    '_meta[sdkVersion]': '3.26.0',
    '_meta[source]': 'client',
    '_meta[integration]': 'custom',
    '_meta[integrationType]': 'custom',
    '_meta[sessionId]': expect.stringMatching(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    ),
    braintreeLibraryVersion: 'braintree/web/3.26.0',
    configVersion: '3',
  });
});

test('a client token bound to a customer connects and sends its fingerprint, not the token', async ({
  panel,
  sandbox,
}) => {
  const token = await sandbox.clientToken('demo_merchant', 'returning_shopper');
  const fingerprint = (
    JSON.parse(Buffer.from(token, 'base64').toString()) as { authorizationFingerprint: string }
  ).authorizationFingerprint;
  await panel.openBare(token);
  await panel.waitForEvent('ready');
  const request = await sandbox.waitForRequest(CONFIGURATION);
  expect(request.query.authorizationFingerprint).toBe(fingerprint);
  expect(request.query).not.toHaveProperty('tokenizationKey');
});

test('the panel reports its start to analytics in seconds, with the panel prefix', async ({
  panel,
  sandbox,
}) => {
  await panel.openDemo();
  await panel.waitForEvent('ready');
  const beacon = await sandbox.waitForRequest('/analytics/demo_merchant');
  const body = beacon.body as { analytics: { kind: string; timestamp: number }[]; tokenizationKey: string };
  expect(body.tokenizationKey).toBe(sandbox.key('demo_merchant'));
  expect(body.analytics.map((a) => a.kind)).toEqual(
    expect.arrayContaining(['web.dropin.started.tokenization-key', 'web.dropin.integration-type.script-tag']),
  );
  for (const { timestamp } of body.analytics)
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(120);
});

test('a malformed authorization gives CLIENT_INVALID_AUTHORIZATION and no request', async ({
  panel,
  sandbox,
}) => {
  await panel.openBare('not-an-authorization');
  const error = await panel.waitForError();
  expect(error).toMatchObject({
    name: 'PanelError',
    code: 'CLIENT_INVALID_AUTHORIZATION',
    type: 'MERCHANT',
    message: 'Authorization is invalid. Make sure your client token or tokenization key is valid.',
  });
  await expect(panel.state()).toHaveAttribute('data-state', 'failed');
  await expect(panel.element.locator('[part="sheet-error"]')).toHaveText('Something went wrong on our end.');
  expect(await sandbox.requests(CONFIGURATION)).toHaveLength(0);
});

test('an unknown tokenization key, refused with a 401, gives CLIENT_GATEWAY_NETWORK saying so', async ({
  panel,
}) => {
  await panel.openBare('sandbox_00000000_no_such_merchant');
  expect(await panel.waitForError()).toMatchObject({
    code: 'CLIENT_GATEWAY_NETWORK',
    type: 'NETWORK',
    message: 'Cannot contact the gateway at this time.',
    details: { httpStatus: 401, clientErrorCode: 'CLIENT_REQUEST_ERROR' },
  });
});

test('a panel without authorization says the option is required', async ({ panel }) => {
  await panel.openBare(undefined);
  expect(await panel.waitForError()).toMatchObject({
    code: 'INSTANTIATION_OPTION_REQUIRED',
    message: 'options.authorization is required when instantiating a client.',
  });
});

test('the release flavour refuses the local gateway, naming the property', async ({ panel, sandbox }) => {
  const token = await sandbox.clientToken('demo_merchant');
  await panel.openBare(token, 'release');
  expect(await panel.waitForError()).toMatchObject({
    code: 'CLIENT_GATEWAY_CONFIGURATION_INVALID_DOMAIN',
    type: 'MERCHANT',
    message: 'configUrl property is on an invalid domain.',
  });
  // The fingerprint never went to a gateway the release flavour does not trust.
  expect(await sandbox.requests(CONFIGURATION)).toHaveLength(0);
});

test('the local flavour accepts the same client token', async ({ panel, sandbox }) => {
  await panel.openBare(await sandbox.clientToken('demo_merchant'), 'local');
  await panel.waitForEvent('ready');
});

const NETWORK = {
  code: 'CLIENT_GATEWAY_NETWORK',
  type: 'NETWORK',
  message: 'Cannot contact the gateway at this time.',
} as const;

// Only a 403 has a code of its own; every other failure is CLIENT_GATEWAY_NETWORK, with the details.
const statusFaults = [
  {
    kind: '403',
    code: 'CLIENT_AUTHORIZATION_INSUFFICIENT',
    type: 'MERCHANT',
    message: 'The authorization used has insufficient privileges.',
    details: { httpStatus: 403 },
  },
  { kind: '500', ...NETWORK, details: { httpStatus: 500, clientErrorCode: 'CLIENT_GATEWAY_NETWORK' } },
  { kind: '429', ...NETWORK, details: { httpStatus: 429, clientErrorCode: 'CLIENT_RATE_LIMITED' } },
  { kind: '422', ...NETWORK, details: { httpStatus: 422, clientErrorCode: 'CLIENT_REQUEST_ERROR' } },
  {
    // Browsers send a GET whose connection was reset again by themselves (Chromium once, Firefox up to
    // 10 attempts in all, `network.http.request.max-attempts`): reset every attempt.
    count: 11,
    kind: 'reset',
    ...NETWORK,
    details: { httpStatus: 500, clientErrorCode: 'CLIENT_GATEWAY_NETWORK' },
  },
  { kind: 'malformed', ...NETWORK, details: { httpStatus: 200 } },
] as const;

for (const fault of statusFaults) {
  test(`a ${fault.kind} answer to the configuration gives ${fault.code}, and a retry connects`, async ({
    panel,
    sandbox,
  }) => {
    await sandbox.inject({
      match: CONFIGURATION,
      kind: fault.kind,
      count: 'count' in fault ? fault.count : 1,
    });
    await panel.openBare(sandbox.key('demo_merchant'));
    expect(await panel.waitForError()).toMatchObject({
      code: fault.code,
      type: fault.type,
      message: fault.message,
      details: fault.details,
    });
    await expect(panel.state()).toHaveAttribute('data-state', 'failed');

    // The panel stays usable: once the gateway answers again, the next authorization connects.
    await sandbox.clearFaults();
    await panel.clearEvents();
    await panel.setAuthorization(await sandbox.clientToken('demo_merchant'));
    await panel.waitForEvent('ready');
    await expect(panel.state()).toHaveAttribute('data-state', 'ready');
  });
}

test('a restricted merchant key gives CLIENT_AUTHORIZATION_INSUFFICIENT', async ({ sandbox, panel }) => {
  await panel.openBare(sandbox.key('restricted_merchant'));
  expect(await panel.waitForError()).toMatchObject({ code: 'CLIENT_AUTHORIZATION_INSUFFICIENT' });
});

test('a configuration call without an answer times out after 60 s with CLIENT_GATEWAY_NETWORK', async ({
  page,
  panel,
  sandbox,
}) => {
  const earliest = await installClock(page);
  await sandbox.inject({ match: CONFIGURATION, kind: 'timeout' });
  await panel.openBare(sandbox.key('demo_merchant'));
  await sandbox.waitForRequest(CONFIGURATION);
  const pausedAt = await pauseClock(page);

  const past = await toJustBeforeTimeout(page, { earliest, pausedAt, timeout: 60_000, margin: 1_000 });
  expect(await panel.events()).toEqual([]);
  await expect(panel.state()).toHaveAttribute('data-state', 'loading');

  await past();
  expect(await panel.waitForError()).toMatchObject({
    code: 'CLIENT_GATEWAY_NETWORK',
    type: 'NETWORK',
    message: 'Cannot contact the gateway at this time.',
    details: { httpStatus: -1, clientErrorCode: 'CLIENT_REQUEST_TIMEOUT' },
  });
});
