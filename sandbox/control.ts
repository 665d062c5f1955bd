/**
 * Sandbox control routes that are not a feature of their own: reset, the merchants list and the icon of the
 * sandbox's pages.
 * @packageDocumentation
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildConfiguration } from './configuration';
import { jsonReply, SANDBOX_ICON_PATH } from './http';
import { listMerchants } from './merchants';
import { partitionKey } from './partition-keys';
import type { Route } from './route';

/**
 * `POST /sandbox/reset`: clear the request's partition's faults, answer overrides, log, nonces, PayPal flows, 3D
 * Secure lookups, Venmo payment contexts and device session records, and restore its vault to its seed. Songbird's sessions belong to the
 * gateway instance, not to a partition, and stay: they are known by unguessable ids alone.
 */
export const resetRoute: Route = {
  method: 'POST',
  path: '/sandbox/reset',
  handle({ state }) {
    state.faults.clear();
    state.answers.clear();
    state.log.clear();
    state.nonces.clear();
    state.paypal.clear();
    state.threeDSecure.clear();
    state.threeDSecure2.clear();
    state.venmo.clear();
    state.deviceSessions.clear();
    state.vault.reset();
    return jsonReply(200, { reset: true });
  },
};

/**
 * `GET /sandbox/merchants`: every merchant with its tokenization key in the request's partition and the
 * configuration it is served.
 */
export const merchantsRoute: Route = {
  method: 'GET',
  path: '/sandbox/merchants',
  handle: ({ state }) =>
    jsonReply(
      200,
      listMerchants().map((merchant) => ({
        merchantId: merchant.merchantId,
        tokenizationKey:
          state.partition === null
            ? merchant.tokenizationKey
            : partitionKey(state.partition, merchant.merchantId),
        clientApiAccess: merchant.clientApiAccess,
        configuration: buildConfiguration(merchant, state.options),
      })),
    ),
};

/** The demo's icon (`demo/favicon.ico`), which the sandbox's pages show too. */
const ICON = readFileSync(resolve(import.meta.dirname, '../demo/favicon.ico'));

/** `GET /sandbox/favicon.ico`: the icon every top-level sandbox page links. */
export const iconRoute: Route = {
  method: 'GET',
  path: SANDBOX_ICON_PATH,
  handle: () => ({
    status: 200,
    bytes: ICON,
    headers: { 'content-type': 'image/x-icon', 'x-content-type-options': 'nosniff' },
  }),
};
