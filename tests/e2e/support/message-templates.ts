/**
 * Every real message between the page, the frames and the PayPal popup, made from the readers'
 * own declarations (src/shared, frames/): each template holds a valid example of one message and
 * its shape in the generator's terms, for the hostile-message generator to spoof and corrupt. The
 * fuzz spec proves that every corruption made for a trusted sender is refused by the real reader.
 * @packageDocumentation
 */
import { siblingMessage } from '../../../frames/hosted-fields/siblings';
import { pageToFrameMessage } from '../../../src/shared/frame-messages';
import { frameToPageMessage } from '../../../src/shared/frame-to-page-schema';
import { paypalReturnMessage } from '../../../src/shared/paypal-messages';
import { example, refused } from '../../../src/shared/shape-samples';
import { INVALID, type AnyReader, type KeyReaders } from '../../../src/shared/strict-readers';
import {
  threeDSecureFrameMessage,
  threeDSecurePageMessage,
} from '../../../src/shared/three-d-secure-messages';
import type { FieldKind, MessageTemplate, ValueKind } from './hostile-messages';

/** A fixed request id the spoofs name (a pending request's is random: a spoof cannot match it). */
const REQUEST_ID = '7d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

/** Values `reader` refuses that survive the trip to a browser frame as JSON (the spec travels as JSON). */
function refusedAsJson(reader: AnyReader): unknown[] {
  return refused(reader)
    .map((value) => JSON.parse((JSON.stringify(value) as string | undefined) ?? 'null') as unknown)
    .filter((value) => reader(value) === INVALID);
}

/** How the generator sees a value that `reader` reads: kinds it knows, else values known to be refused. */
function valueKind(reader: AnyReader): ValueKind {
  const [kind, a, b] = reader.spec as readonly [string, unknown, unknown];
  switch (kind) {
    case 'string':
      return Number.isFinite(a) ? { t: 'string', max: a as number } : { t: 'string' };
    case 'boolean':
      return { t: 'boolean' };
    case 'number':
      return { t: 'number' };
    case 'oneOf':
      return { t: 'literal', values: a as string[] };
    case 'object':
      return { t: 'object', keys: shapeOf(a as KeyReaders) };
    case 'record': {
      const item = a as AnyReader;
      return { t: 'record', item: item.spec[0] === 'unknown' ? null : valueKind(item) };
    }
    case 'array':
      return Number.isFinite(b)
        ? { t: 'array', item: valueKind(a as AnyReader), max: b as number }
        : { t: 'array', item: valueKind(a as AnyReader) };
    default:
      // A union, a refinement, a choice by key: what the reader as a whole refuses.
      return { t: 'custom', invalid: refusedAsJson(reader) };
  }
}

/** How the generator sees an object key that `reader` reads. */
function fieldKind(reader: AnyReader): FieldKind {
  const [kind, item] = reader.spec as readonly [string, AnyReader];
  if (kind === 'optional') return { ...fieldKind(item), optional: true };
  if (kind === 'nullable') return { ...fieldKind(item), nullable: true };
  return { kind: valueKind(reader) };
}

/** The generator's shape of an object's keys. */
function shapeOf(keys: KeyReaders): Record<string, FieldKind> {
  return Object.fromEntries(Object.entries(keys).map(([key, reader]) => [key, fieldKind(reader)]));
}

/**
 * A template of every member of a union discriminated by `type`: an example of each, with the
 * values of `given` for the keys it has (a real version, field or request id make a spoof as
 * close to a real message as it gets).
 */
function templatesOf(reader: AnyReader, given: Record<string, unknown> = {}): MessageTemplate[] {
  const members = reader.spec[1] as KeyReaders;
  return Object.values(members).map((member) => {
    const keys = member.spec[1] as KeyReaders;
    const message = example(member) as Record<string, unknown>;
    for (const [key, value] of Object.entries(given)) if (Object.hasOwn(keys, key)) message[key] = value;
    return { message, shape: shapeOf(keys) };
  });
}

/** The hosted-field frames' messages to the page (`frame-to-page-schema.ts`). */
export function hostedFieldsToPage(version: string): MessageTemplate[] {
  return templatesOf(frameToPageMessage, {
    version,
    frame: 'hosted-fields',
    field: 'number',
    requestId: REQUEST_ID,
  });
}

/** The page's messages to a hosted-field frame (`parsePageToFrameMessage`). */
export function pageToHostedField(field: string): MessageTemplate[] {
  return templatesOf(pageToFrameMessage, {
    field,
    requestId: REQUEST_ID,
    clientApiUrl: 'https://attacker.example/client_api',
    analyticsUrl: 'https://attacker.example/analytics',
  });
}

/** The page's message to the 3D Secure bank frame (`parseThreeDSecurePageMessage`). */
export function pageToBankFrame(): MessageTemplate[] {
  return templatesOf(threeDSecurePageMessage, {
    acsUrl: 'https://attacker.example/acs',
    termUrl: 'https://attacker.example/term?x=1',
  });
}

/** The 3D Secure frames' messages to the page (`parseThreeDSecureFrameMessage`). */
export function threeDSecureToPage(version: string): MessageTemplate[] {
  return templatesOf(threeDSecureFrameMessage, {
    version,
    frame: 'three-d-secure-bank',
    authResponse: {
      success: true,
      paymentMethod: { nonce: 'tokencc_fuzz_spoof', details: { cardType: 'Visa', lastTwo: '02' } },
      threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
    },
  });
}

/**
 * The PayPal return and cancel pages' messages to the page (`parsePayPalReturnMessage`): PayPal's
 * answer to an agreement and to a checkout, and a cancellation.
 */
export function paypalReturnToPage(version: string): MessageTemplate[] {
  const [approved, cancelled] = templatesOf(paypalReturnMessage, { version });
  if (!approved || !cancelled) throw new Error('PayPal return messages are missing');
  const checkout = { paymentId: 'PAYID-FUZZ', token: 'EC-FUZZSPOOF', PayerID: 'FUZZPAYER' };
  return [approved, { ...approved, message: { ...approved.message, data: checkout } }, cancelled];
}

/** The hosted-field frames' messages to each other over their sibling channel (`siblings.ts`). */
export function siblingMessages(): MessageTemplate[] {
  return templatesOf(siblingMessage, { requestId: REQUEST_ID, field: 'cvv' });
}
