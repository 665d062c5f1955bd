/**
 * The fraudnet stand-in: what PayPal's fraud script and its beacon host are in production. The
 * panel's local build loads this script instead of PayPal's (PayPal's hosts cannot be reached from
 * the local setup). Like PayPal's, it runs in the merchant page's hidden frame and reads the
 * parameter blocks of the page; it reports what it read to `POST /sandbox/fraudnet/parameters` and
 * requests each block's beacon. Every request is recorded in `/sandbox/device_sessions`.
 * @packageDocumentation
 */
import { FRAUDNET_STAND_IN_PATHS } from '../../src/shared/flavours';
import { errorReply, isRecord, pixelReply, type Reply } from '../http';
import { PARTITION_PARAMETER } from '../partition-keys';
import type { Route, RouteContext } from '../route';

/** Where the stand-in reports the parameters it read. */
export const FRAUDNET_PARAMETERS_PATH = '/sandbox/fraudnet/parameters';

/** The `fncls` of the parameter blocks, as PayPal's script looks for them. */
const FNCLS = 'fnparams-dede7cc5-15fd-4c75-a9f4-36c430ee3a99';

/**
 * The stand-in script. Written for any browser that runs the panel, with no dependency; it only
 * reads the page and reports, and it sends text so the report needs no CORS preflight. Its report
 * goes without cookies, so a copy served to a partition names it in the report's query
 * (docs/sandbox.md, "Partitions").
 */
export function fraudnetStandInScript(gatewayOrigin: string, partition: string | null = null): string {
  const parametersUrl = new URL(FRAUDNET_PARAMETERS_PATH, gatewayOrigin);
  if (partition !== null) parametersUrl.searchParams.set(PARTITION_PARAMETER, partition);
  return `/* Sandbox stand-in for PayPal's fraud script (fraudnet). */
(function () {
  'use strict';
  var parametersUrl = ${JSON.stringify(parametersUrl.href)};
  var selector = 'script[type="application/json"][fncls="${FNCLS}"]';
  var page;
  try {
    page = window.parent.document;
  } catch (error) {
    return;
  }
  Array.prototype.forEach.call(page.querySelectorAll(selector), function (block) {
    var parameters;
    try {
      parameters = JSON.parse(block.textContent);
    } catch (error) {
      return;
    }
    if (!parameters || typeof parameters !== 'object') return;
    fetch(parametersUrl, {
      method: 'POST',
      credentials: 'omit',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ f: parameters.f, s: parameters.s, b: parameters.b })
    }).catch(function () {});
    if (typeof parameters.b === 'string') new Image().src = parameters.b;
  });
})();
`;
}

/** The `Referer` header, or `null`. */
function referrerOf(context: RouteContext): string | null {
  const referrer = context.headers.referer;
  return typeof referrer === 'string' && referrer !== '' ? referrer : null;
}

/** `GET` the stand-in script. */
const scriptRoute: Route = {
  method: 'GET',
  path: FRAUDNET_STAND_IN_PATHS.script,
  handle(context): Reply {
    context.state.deviceSessions.record({
      collector: 'fraudnet',
      resource: 'script',
      path: context.url.pathname,
      sessionId: null,
      params: context.query,
      referrer: referrerOf(context),
    });
    return {
      status: 200,
      text: fraudnetStandInScript(context.state.options.gatewayOrigin, context.state.partition),
      headers: {
        'content-type': 'text/javascript; charset=utf-8',
        'cross-origin-resource-policy': 'cross-origin',
        'x-content-type-options': 'nosniff',
      },
    };
  },
};

/** `GET` the beacon, `?i=127.0.0.1&p=<session>&t=<seconds>&a=14`: a transparent pixel. */
const beaconRoute: Route = {
  method: 'GET',
  path: FRAUDNET_STAND_IN_PATHS.beacon,
  handle(context): Reply {
    context.state.deviceSessions.record({
      collector: 'fraudnet',
      resource: 'beacon',
      path: context.url.pathname,
      sessionId: context.query.p ?? null,
      params: context.query,
      referrer: referrerOf(context),
    });
    return pixelReply();
  },
};

/** The parameters the stand-in read, `{f, s, b}`, each a string when present. */
function readParameters(body: unknown): Record<string, string> | null {
  if (!isRecord(body)) return null;
  const parameters: Record<string, string> = {};
  for (const key of ['f', 's', 'b']) {
    const value = body[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') return null;
    parameters[key] = value;
  }
  return parameters;
}

/** `POST` what the stand-in read from a parameter block: 204, or 400 for anything but `{f?, s?, b?}` strings. */
const parametersRoute: Route = {
  method: 'POST',
  path: FRAUDNET_PARAMETERS_PATH,
  handle(context): Reply {
    const parameters = readParameters(context.body);
    if (!parameters) return errorReply(400, 'The parameters must be {"f", "s", "b"} strings.');
    context.state.deviceSessions.record({
      collector: 'fraudnet',
      resource: 'parameters',
      path: context.url.pathname,
      sessionId: parameters.f ?? null,
      params: parameters,
      referrer: referrerOf(context),
    });
    return { status: 204 };
  },
};

/** The stand-in's routes: the script, its beacon and its parameter report. */
export const fraudnetRoutes: readonly Route[] = [scriptRoute, beaconRoute, parametersRoute];
