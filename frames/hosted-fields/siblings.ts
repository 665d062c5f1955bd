/**
 * How the hosted-field frames of one panel talk among themselves, never through the page: a
 * `BroadcastChannel` named after the panel's channel. It reaches only documents of the frames'
 * own (assets) origin, so card values can cross it.
 *
 * Messages:
 * - `cardType {cardType}` — the number frame's determined brand (or `null`); the CVV frame adapts.
 * - `supportedCardTypes {cardTypes}` — from the tokenizer, so the number frame can judge the brand.
 * - `tokenizer {field, key}` — from a frame that took `configureTokenizer`: which field tokenizes,
 *   and the configuration it took (as JSON), so every frame knows the channel's one tokenizer.
 * - `collect {requestId, field, key}` — from the tokenizer on `tokenize`, with its claim again (a
 *   frame that reloaded since learns it here); every other frame answers the channel's one
 *   tokenizer only, with
 * - `value {requestId, field, value, state, revision}` — its raw value, its state and its value's
 *   revision: a new random id each time the value changes (typed, pasted, autofilled, cut, cleared
 *   by the page), so the tokenizer can tell whether a card it tokenized is still what the fields hold.
 * @packageDocumentation
 */
import { CARD_BRAND_TYPES } from '../../src/shared/card-brands';
import { fieldKey, fieldState } from '../../src/shared/frame-message-parts';
import type { FieldKey, FieldState } from '../../src/shared/hosted-fields';
import {
  array,
  discriminated,
  nullable,
  oneOf,
  parseWith,
  string,
  type Infer,
} from '../../src/shared/strict-readers';

const requestId = string(200);
/** A tokenizer's configuration as JSON: a page's is small, its longest part (a client token) a few kB. */
const key = string(20_000);

/** Reads a field's revision: a UUID, with room to spare. */
const revision = string(100);

/** Reads a {@link SiblingMessage}. */
export const siblingMessage = discriminated({
  cardType: { cardType: nullable(oneOf(CARD_BRAND_TYPES)) },
  supportedCardTypes: { cardTypes: array(string(100), 50) },
  tokenizer: { field: fieldKey, key },
  collect: { requestId, field: fieldKey, key },
  value: { requestId, field: fieldKey, value: string(300), state: fieldState, revision },
});

/** A message between sibling frames. */
export type SiblingMessage = Infer<typeof siblingMessage>;

/**
 * Reads a sibling's message, or returns `null` for anything that is not exactly one: every field
 * checked, strings and lists capped, unknown keys dropped.
 */
export function parseSiblingMessage(data: unknown): SiblingMessage | null {
  return parseWith(siblingMessage, data);
}

/** Which field tokenizes on a channel, and the configuration it took (as JSON). */
export interface TokenizerClaim {
  field: FieldKey;
  key: string;
}

/** A field's answer to `collect`. */
export interface CollectedField {
  value: string;
  state: FieldState;
  /** The revision of `value`: it changes with every change of the value, and only then. */
  revision: string;
}

/** The part of `BroadcastChannel` the frames use (tests give a fake). */
export interface SiblingPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

/** A frame's end of the sibling channel. */
export interface Siblings {
  /** Sends a message to every other frame of the panel. */
  send(message: SiblingMessage): void;
  /** Calls `handler` for every valid message from a sibling. */
  listen(handler: (message: SiblingMessage) => void): void;
  /**
   * Asks the siblings, as the channel's tokenizer (`claim`: its field and configuration), for the
   * values of `fields` and waits for all of them, or rejects after `timeoutMs`.
   */
  collect(
    requestId: string,
    claim: TokenizerClaim,
    fields: readonly FieldKey[],
    timeoutMs: number,
  ): Promise<Map<FieldKey, CollectedField>>;
}

/** The name of the sibling channel of a panel channel. */
export function siblingChannelName(channel: string): string {
  return `payment-panel:${channel}`;
}

/** Opens the sibling channel (a `BroadcastChannel` unless a port is given). */
export function openSiblings(
  channel: string,
  port: SiblingPort = new BroadcastChannel(siblingChannelName(channel)),
): Siblings {
  const handlers = new Set<(message: SiblingMessage) => void>();
  port.addEventListener('message', (event) => {
    const message = parseSiblingMessage(event.data);
    if (message === null) return;
    for (const handler of handlers) handler(message);
  });
  return {
    send(message) {
      port.postMessage(message);
    },
    listen(handler) {
      handlers.add(handler);
    },
    collect(id, claim, fields, timeoutMs) {
      const collected = new Map<FieldKey, CollectedField>();
      return new Promise((resolve, reject) => {
        const pending = new Set(fields);
        const finish = (): void => {
          handlers.delete(onValue);
          clearTimeout(timer);
          resolve(collected);
        };
        const timer = setTimeout(() => {
          handlers.delete(onValue);
          reject(new Error(`No answer from ${[...pending].join(', ')}`));
        }, timeoutMs);
        const onValue = (message: SiblingMessage): void => {
          if (message.type !== 'value' || message.requestId !== id || !pending.has(message.field)) return;
          pending.delete(message.field);
          const { value, state, revision } = message;
          collected.set(message.field, { value, state, revision });
          if (pending.size === 0) finish();
        };
        handlers.add(onValue);
        if (pending.size === 0) finish();
        else port.postMessage({ type: 'collect', requestId: id, ...claim } satisfies SiblingMessage);
      });
    },
  };
}
