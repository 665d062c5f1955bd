/**
 * A seeded generator of hostile cross-window messages, and the runner that posts them from inside
 * a browser frame. Both are self-contained functions (they use nothing outside their own bodies),
 * so the specs hand their source to any frame, of any origin, as one expression; the Node side
 * runs the same generator to prove that what it makes for a trusted sender is refused by the real
 * readers.
 * @packageDocumentation
 */

/**
 * How a value inside a message is read, so that the generator can corrupt it into a value the
 * reader refuses. `custom` lists values known to be refused where the reader is a union.
 */
export type ValueKind =
  | { t: 'literal'; values: readonly string[] }
  | { t: 'string'; max?: number }
  | { t: 'boolean' }
  | { t: 'number' }
  | { t: 'object'; keys: Readonly<Record<string, FieldKind>> }
  | { t: 'record'; item: ValueKind | null }
  | { t: 'array'; item: ValueKind; max?: number }
  | { t: 'custom'; invalid: readonly unknown[] };

/** A key of an object: its kind, and whether it may be absent or `null`. */
export interface FieldKind {
  kind: ValueKind;
  optional?: boolean;
  nullable?: boolean;
}

/** A valid message of a receiver, with the shape its reader checks. */
export interface MessageTemplate {
  message: Record<string, unknown>;
  shape: Readonly<Record<string, FieldKind>>;
}

/** What to generate. */
export interface HostileSpec {
  seed: number;
  /** The receiver's real channel: spoofs use it. */
  channel: string;
  /** The envelope's protocol name. */
  protocol: string;
  /**
   * `true` when the receiver trusts the sender's origin and window: only messages its reader must
   * refuse (wrong channel, wrong shape) are made. `false` adds valid messages on the real channel.
   */
  trusted: boolean;
  /** Valid messages of the receiver (and of its neighbours, to spoof every real name). */
  templates: readonly MessageTemplate[];
  /** One message in this many is about 1 MB (a string or an array). */
  hugeEvery: number;
  /** Messages travel without the envelope (the hosted-field frames' sibling channel). */
  bare?: boolean;
}

/** One generated message. */
export interface HostileMessage {
  data: unknown;
  transfer: Transferable[];
  /** The category it was made from, for the report. */
  kind: string;
}

/**
 * Makes the generator: `next()` returns the next hostile message of the seeded sequence. Runs in
 * Node and in any browser frame (it is sent there as source text).
 */
export function createHostileMessages(spec: HostileSpec): { next(): HostileMessage } {
  // mulberry32: small, seedable, the same sequence everywhere.
  let state = spec.seed >>> 0;
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number): number => Math.floor(random() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number): boolean => random() < p;

  const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
  let huge: string | undefined;
  const hugeString = (): string => (huge ??= 'A'.repeat(1 << 20));
  const randomText = (length: number): string => {
    const alphabet = 'abcXYZ019 _-:/.%"\'<>&\u0000\u00e9\u4e2d\ud83d\ude00\u202e';
    let text = '';
    for (let i = 0; i < length; i += 1) text += alphabet[int(alphabet.length)] ?? 'a';
    return text;
  };
  const uuid = (): string => {
    const hex = '0123456789abcdef';
    let text = '';
    for (let i = 0; i < 32; i += 1) text += hex[int(16)] ?? '0';
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-4${text.slice(13, 16)}-a${text.slice(17, 20)}-${text.slice(20)}`;
  };
  const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
  /** An object parsed from JSON, so that `__proto__` and friends are its own keys. */
  const withOwnKey = (base: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> =>
    JSON.parse(
      `${JSON.stringify(base).slice(0, -1)}${Object.keys(base).length > 0 ? ',' : ''}${JSON.stringify(key)}:${JSON.stringify(value)}}`,
    ) as Record<string, unknown>;

  const nested = (depth: number): unknown => {
    let value: unknown = { leaf: true };
    for (let i = 0; i < depth; i += 1) value = chance(0.5) ? [value] : { next: value };
    return value;
  };
  const cyclic = (): unknown => {
    const a: Record<string, unknown> = { type: pick(spec.templates).message.type };
    a.self = a;
    a.list = [a, { back: a }];
    return a;
  };

  /** Values of no JSON type, all structured-cloneable. */
  const exotic = (): { value: unknown; transfer: Transferable[] } => {
    switch (int(13)) {
      case 0:
        return { value: new Blob(['card'], { type: 'text/plain' }), transfer: [] };
      case 1:
        return { value: new Date(int(2 ** 31) * 1000), transfer: [] };
      case 2:
        return { value: /payment-panel/giu, transfer: [] };
      case 3:
        return {
          value: new Map<unknown, unknown>([
            ['type', 'frameReady'],
            [{}, []],
          ]),
          transfer: [],
        };
      case 4:
        return { value: new Set(['payment-panel', spec.channel]), transfer: [] };
      case 5: {
        const buffer = new ArrayBuffer(16);
        return { value: { buffer }, transfer: [buffer] };
      }
      case 6:
        return { value: new Uint8Array([1, 2, 3, 255]), transfer: [] };
      case 7:
        return { value: BigInt(int(1000)) * 10n ** 30n, transfer: [] };
      case 8:
        return { value: new Error('hostile'), transfer: [] };
      case 9:
        return { value: cyclic(), transfer: [] };
      case 10: {
        const { port1, port2 } = new MessageChannel();
        port1.close();
        return {
          value: { protocol: spec.protocol, channel: spec.channel, message: port2 },
          transfer: [port2],
        };
      }
      case 11:
        return { value: new Float64Array([NaN, Infinity, -0]), transfer: [] };
      default:
        return {
          value: [undefined, null, NaN, -0, Infinity, true, new Boolean(false), new String('x')],
          transfer: [],
        };
    }
  };

  const primitive = (): unknown =>
    pick<unknown>([
      undefined,
      null,
      0,
      -0,
      NaN,
      Infinity,
      true,
      false,
      '',
      'payment-panel',
      spec.channel,
      JSON.stringify({
        protocol: spec.protocol,
        channel: spec.channel,
        message: pick(spec.templates).message,
      }),
      `/*framebus*/${JSON.stringify({ event: `braintree:${spec.channel}:hosted-fields:FRAME_READY`, origin: '*', args: [] })}`,
      randomText(1 + int(40)),
    ]);

  const CASES = [
    (s: string) => s.toUpperCase(),
    (s: string) => `${s} `,
    (s: string) => s.slice(0, -1),
    (s: string) => `${s}\u0000`,
  ];

  /** Values a reader of `kind` refuses. */
  const invalidValues = (field: FieldKind): unknown[] => {
    const { kind } = field;
    const values: unknown[] = [];
    const add = (...items: unknown[]): void => {
      for (const item of items) if (!(item === null && field.nullable === true)) values.push(item);
    };
    switch (kind.t) {
      case 'literal':
        add(
          5,
          null,
          true,
          [],
          {},
          'unknown',
          ...PROTOTYPE_NAMES,
          ...kind.values.map((value) => pick(CASES)(value)),
        );
        break;
      case 'string':
        add(7, true, null, [], {}, NaN);
        if (kind.max !== undefined) add('x'.repeat(kind.max + 1 + int(3)));
        break;
      case 'boolean':
        add('true', 'false', 1, 0, null, {}, []);
        break;
      case 'number':
        add('1', NaN, Infinity, -Infinity, null, true, []);
        break;
      case 'object':
      case 'record':
        add(null, [], 'x', 5, true);
        break;
      case 'array':
        add(null, {}, 'x', 5);
        break;
      case 'custom':
        add(...kind.invalid);
        break;
    }
    return values.filter((value) => !(value === null && field.nullable === true));
  };

  /** `value` made into one the reader of `field` refuses. */
  const corruptValue = (value: unknown, field: FieldKind, depth = 0): unknown => {
    const { kind } = field;
    if (depth < 3 && chance(0.5)) {
      if (kind.t === 'object' && typeof value === 'object' && value !== null) {
        return corruptObject(value as Record<string, unknown>, kind.keys, depth + 1);
      }
      if (kind.t === 'record' && typeof value === 'object' && value !== null) {
        const record = clone(value as Record<string, unknown>);
        if (kind.item === null || chance(0.6))
          return withOwnKey(record, pick(['__proto__', 'constructor', 'prototype']), { polluted: true });
        record[randomText(4)] = pick(invalidValues({ kind: kind.item }));
        return record;
      }
      if (kind.t === 'array' && Array.isArray(value)) {
        if (kind.max !== undefined && chance(0.3)) {
          return Array.from({ length: kind.max + 1 }, () => (value as unknown[])[0] ?? 'x');
        }
        return [...(value as unknown[]), pick(invalidValues({ kind: kind.item }))];
      }
    }
    return pick(invalidValues(field));
  };

  /** A copy of a message with one key its reader refuses (changed, removed, or only inherited). */
  const corruptObject = (
    message: Record<string, unknown>,
    shape: Readonly<Record<string, FieldKind>>,
    depth = 0,
  ): Record<string, unknown> => {
    const copy = clone(message);
    const keys = Object.keys(shape);
    const required = keys.filter((key) => shape[key]?.optional !== true);
    const key = pick(keys);
    const field = shape[key] as FieldKind;
    const present = Object.hasOwn(copy, key);
    if (required.length > 0 && chance(0.2)) {
      // A required key only on the prototype: readers look at own keys alone.
      const missing = pick(required);
      const value = copy[missing];
      Reflect.deleteProperty(copy, missing);
      return chance(0.5) ? copy : withOwnKey(copy, '__proto__', { [missing]: value });
    }
    if (!present) {
      copy[key] = pick(invalidValues(field));
      return copy;
    }
    copy[key] = corruptValue(copy[key], field, depth);
    return copy;
  };

  const bare = spec.bare === true;
  const envelope = (channel: unknown, message: unknown): unknown =>
    bare ? message : { protocol: spec.protocol, channel, message };

  const wrongChannel = (): unknown => {
    if (chance(0.6)) {
      const near = [
        uuid(),
        spec.channel.toUpperCase(),
        `${spec.channel} `,
        spec.channel.slice(1),
        `${spec.channel}0`,
        spec.channel.replace(/-/g, ''),
      ];
      return pick(near);
    }
    return pick<unknown>([null, undefined, 5, [spec.channel], { channel: spec.channel }, '', '__proto__']);
  };

  /** A valid message of the receiver, sometimes with prototype keys of its own. */
  const validMessage = (): Record<string, unknown> => {
    const message = clone(pick(spec.templates).message);
    return chance(0.3)
      ? withOwnKey(message, pick(['__proto__', 'constructor', 'prototype']), { polluted: true })
      : message;
  };

  const hugeValue = (): unknown => {
    const base = clone(pick(spec.templates).message);
    if (chance(0.5)) {
      const keys = Object.keys(base).filter((k) => k !== 'type');
      base[keys.length > 0 ? pick(keys) : 'payload'] = hugeString();
      return envelope(spec.trusted ? wrongChannel() : spec.channel, base);
    }
    return envelope(
      wrongChannel(),
      Array.from({ length: 1 << 17 }, (_, i) => i),
    );
  };

  const categories: readonly [string, number, () => { data: unknown; transfer?: Transferable[] }][] = [
    ['primitive', 6, () => ({ data: primitive() })],
    [
      'exotic',
      8,
      () => {
        const { value, transfer } = exotic();
        return { data: chance(0.5) ? value : envelope(spec.channel, value), transfer };
      },
    ],
    [
      'nested',
      3,
      () => ({ data: envelope(chance(0.5) ? spec.channel : wrongChannel(), nested(200 + int(800))) }),
    ],
    [
      'prototype-keys',
      8,
      () => {
        const base =
          chance(0.5) || bare ? {} : { protocol: spec.protocol, channel: spec.channel, message: {} };
        const key = pick(PROTOTYPE_NAMES.slice(0, 3));
        const payload = chance(0.5)
          ? {
              protocol: spec.protocol,
              channel: spec.channel,
              message: pick(spec.templates).message,
              polluted: true,
            }
          : { polluted: true, isAdmin: true };
        return { data: withOwnKey(base, key, payload) };
      },
    ],
    [
      'wrong-protocol',
      bare ? 0 : 6,
      () => {
        const message = pick(spec.templates).message;
        const protocol = pick<unknown>([
          undefined,
          null,
          'payment-panel ',
          'PAYMENT-PANEL',
          'framebus',
          1,
          ['payment-panel'],
        ]);
        const data: Record<string, unknown> = { channel: spec.channel, message };
        if (protocol !== undefined) data.protocol = protocol;
        return { data: chance(0.3) ? withOwnKey(data, '__proto__', { protocol: spec.protocol }) : data };
      },
    ],
    [
      'wrong-channel',
      bare ? 0 : 14,
      () => ({
        data: envelope(
          wrongChannel(),
          chance(0.7)
            ? pick(spec.templates).message
            : corruptObject(pick(spec.templates).message, pick(spec.templates).shape),
        ),
      }),
    ],
    [
      'no-message',
      bare ? 0 : 3,
      () => {
        const data: Record<string, unknown> = { protocol: spec.protocol, channel: spec.channel };
        return {
          data: chance(0.5) ? data : withOwnKey(data, '__proto__', { message: pick(spec.templates).message }),
        };
      },
    ],
    [
      'wrong-shape',
      40,
      () => {
        const template = pick(spec.templates);
        let message: unknown = corruptObject(template.message, template.shape);
        if (chance(0.1))
          message = pick<unknown>([
            [template.message],
            JSON.stringify(template.message),
            null,
            0,
            'frameReady',
          ]);
        return { data: envelope(spec.channel, message) };
      },
    ],
    ['huge', 0, () => ({ data: hugeValue() })],
    ['spoof', spec.trusted ? 0 : 30, () => ({ data: envelope(spec.channel, validMessage()) })],
  ];
  const total = categories.reduce((sum, [, weight]) => sum + weight, 0);
  let index = 0;

  return {
    next() {
      index += 1;
      const fallback = categories[0] as (typeof categories)[number];
      let category = categories.find(([name]) => name === 'huge') ?? fallback;
      if (spec.hugeEvery <= 0 || index % spec.hugeEvery !== 0) {
        let roll = random() * total;
        category = categories.find(([, weight]) => (roll -= weight) < 0) ?? fallback;
      }
      const [name, , make] = category;
      const made = make();
      return { data: made.data, transfer: made.transfer ?? [], kind: name };
    },
  };
}

/** Where the runner posts from the frame it runs in. */
export type HostileTarget =
  | { kind: 'window'; window: 'parent' | 'opener' | 'top' | 'self' }
  // A window the test keeps in a global of the sending frame (e.g. a popup it opened).
  | { kind: 'global'; name: string }
  // A frame found by its `name` in this document or the parent's (walking open shadow roots).
  | { kind: 'iframe'; name: string; document: 'self' | 'parent' }
  // The hosted-field frames' sibling channel: reaches documents of the runner's own origin only.
  | { kind: 'broadcast'; name: string };

/** What the runner did. */
export interface HostileReport {
  posted: number;
  /** Messages the browser could not clone (none expected: every value is cloneable). */
  refused: number;
  kinds: Record<string, number>;
}

/**
 * Posts `count` messages of {@link createHostileMessages} to `target`, a hundred per task so the
 * receiver keeps up. Runs in a browser frame; `make` is the generator.
 */
export async function postHostileMessages(
  make: typeof createHostileMessages,
  spec: HostileSpec,
  count: number,
  target: HostileTarget,
): Promise<HostileReport> {
  const find = (root: Document | ShadowRoot, name: string): HTMLIFrameElement | null => {
    for (const element of root.querySelectorAll('*')) {
      // By tag name: the element may belong to another window's realm.
      if (element.tagName === 'IFRAME' && (element as HTMLIFrameElement).name === name) {
        return element as HTMLIFrameElement;
      }
      if (element.shadowRoot) {
        const inner = find(element.shadowRoot, name);
        if (inner) return inner;
      }
    }
    return null;
  };
  const generator = make(spec);
  const report: HostileReport = { posted: 0, refused: 0, kinds: {} };
  let send: (data: unknown, transfer: Transferable[]) => void;
  if (target.kind === 'broadcast') {
    const channel = new BroadcastChannel(target.name);
    send = (data) => {
      channel.postMessage(data);
    };
  } else {
    const resolve = (): Window => {
      if (target.kind === 'window') {
        const found = target.window === 'self' ? window : (window[target.window] as Window | null);
        if (!found) throw new Error(`No ${target.window} window`);
        return found;
      }
      if (target.kind === 'global') {
        const found = (window as unknown as Record<string, Window | undefined>)[target.name];
        if (!found) throw new Error(`No window in ${target.name}`);
        return found;
      }
      const doc = target.document === 'self' ? document : window.parent.document;
      const frame = find(doc, target.name)?.contentWindow;
      if (!frame) throw new Error(`No frame named ${target.name} (after ${String(report.posted)} messages)`);
      return frame;
    };
    send = (data, transfer) => {
      resolve().postMessage(data, { targetOrigin: '*', transfer });
    };
  }
  for (let i = 0; i < count; i += 1) {
    const { data, transfer, kind } = generator.next();
    report.kinds[kind] = (report.kinds[kind] ?? 0) + 1;
    try {
      send(data, transfer);
      report.posted += 1;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'DataCloneError') report.refused += 1;
      else throw error;
    }
    if (i % 100 === 99) {
      await new Promise((resolve) => {
        setTimeout(resolve, 0);
      });
    }
  }
  return report;
}

/** The expression that runs {@link postHostileMessages} in a frame (for `frame.evaluate`). */
export function hostileExpression(spec: HostileSpec, count: number, target: HostileTarget): string {
  return `(${postHostileMessages.toString()})((${createHostileMessages.toString()}), ${JSON.stringify(
    spec,
  )}, ${count}, ${JSON.stringify(target)})`;
}

/**
 * Posts `messages` to every hosted-field frame of the page, each on the frame's real channel, read
 * from its URL as any script of the merchant page can: what a hostile script of the page can do
 * with the panel's own message names. Self-contained, so it runs in the merchant page
 * (`page.evaluate(postToHostedFieldFrames, messages)`); returns how many it posted.
 */
export function postToHostedFieldFrames(messages: readonly unknown[]): number {
  const frames: HTMLIFrameElement[] = [];
  const walk = (root: Document | ShadowRoot): void => {
    for (const element of root.querySelectorAll('*')) {
      if (element instanceof HTMLIFrameElement && element.name.startsWith('payment-panel-hosted-field-')) {
        frames.push(element);
      }
      if (element.shadowRoot) walk(element.shadowRoot);
    }
  };
  walk(document);
  let posted = 0;
  for (const frame of frames) {
    const url = new URL(frame.src);
    const channel = new URLSearchParams(url.hash.slice(1)).get('channel');
    for (const message of messages) {
      frame.contentWindow?.postMessage({ protocol: 'payment-panel', channel, message }, url.origin);
      posted += 1;
    }
  }
  return posted;
}
