/**
 * Hosted fields, page side (docs/hosted-fields.md): makes one frame per card field on the assets origin,
 * talks to the frames over the instance's channel, aggregates their state and asks one of them to
 * tokenize. Card data never reaches this side: only field states, card-type candidates and the
 * gateway's payload.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { PANEL_VERSION } from '../../shared/build-constants';
import {
  ANALYTICS_COMPONENT_PREFIX,
  DEFAULT_REQUEST_TIMEOUT_MS,
  HOSTED_FIELDS_LOAD_TIMEOUT_MS,
} from '../../shared/constants';
import { createError, panelErrorFromJSON, type PanelError } from '../../shared/errors';
import { createLifetime, deferred } from '../../shared/lifetime';
import { createChannelId, frameHash, openMessage, wrap } from '../../shared/frame-channel';
import type { CardPayload, FrameToPageMessage, PageToFrameMessage } from '../../shared/frame-messages';
import { parseFrameToPageMessage } from '../../shared/frame-to-page-schema';
import {
  FIELD_DEFAULTS,
  isFieldKey,
  LANGUAGE_TAG_PATTERN,
  SETTABLE_ATTRIBUTES,
  type CardCandidate,
  type FieldEventType,
  type FieldKey,
  type FieldState,
  type SettableAttribute,
} from '../../shared/hosted-fields';
import type { FieldStyles } from '../../shared/field-styles';

/** Options of one field. */
export interface FieldOptions {
  /** The element the field's frame is appended to, or a selector resolved in {@link HostedFieldsOptions.root}. */
  container: Element | string;
  /** Accessible name of the input inside the frame; `FIELD_DEFAULTS[key].label` by default. */
  label?: string;
  /** Placeholder of the input. */
  placeholder?: string;
  /** Maximum length of the input; must be a number. */
  maxlength?: number;
  /** Minimum length of the input; must be a number. */
  minlength?: number;
  /** Initial value of the input. */
  prefill?: string;
}

/** State of one field with the element that holds its frame. */
export interface FieldStateWithContainer extends FieldState {
  /** The element that holds the field's frame. */
  container: Element;
}

/** The aggregated state of every field, as handlers and {@link HostedFields.getState} see it. */
export interface HostedFieldsState {
  /** The field whose event produced this state. */
  emittedBy?: FieldKey;
  /** Brands the number may still be; empty until the number field reports. */
  cards: CardCandidate[];
  /** State of every created field. */
  fields: Partial<Record<FieldKey, FieldStateWithContainer>>;
}

/** Events of {@link HostedFields.on}: the field events, and Enter pressed in a field. */
export type HostedFieldsEvent = FieldEventType | 'inputSubmitRequest';

/**
 * An instance of hosted fields. The one `createHostedFields` resolves with fails every call after
 * {@link HostedFields.teardown} with `METHOD_CALLED_AFTER_TEARDOWN`
 * (standalone/create-hosted-fields.ts); the panel, which holds its own, calls nothing of it after
 * teardown.
 */
export interface HostedFields {
  /** Calls `handler` with a fresh copy of the state on every `event`; returns the unsubscribe. */
  on(event: HostedFieldsEvent, handler: (state: HostedFieldsState) => void): () => void;
  /**
   * Calls `handler` with `{bin}`, the number's first six digits, once the number has six digits and
   * whenever those six change; returns the unsubscribe.
   */
  on(event: 'binAvailable', handler: (payload: { bin: string }) => void): () => void;
  /** A fresh copy of the state. */
  getState(): HostedFieldsState;
  /**
   * Asks the tokenizing frame to send the card to the gateway. Resolves with the payload; rejects
   * with the frame's error (e.g. `HOSTED_FIELDS_FIELDS_INVALID`) or `HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR`
   * without an answer in time. A call while one is in flight returns the same promise.
   */
  tokenize(options?: {
    vault?: boolean;
    billingAddress?: Record<string, string>;
    /**
     * @internal The nonce of a card this instance tokenized: the frame hands that card back, without
     * tokenizing, only if it tokenized it last and no field's value changed since.
     */
    reuse?: string;
  }): Promise<CardPayload>;
  /** Sets a settable attribute (`aria-invalid`, `aria-required`, `disabled`, `placeholder`) on a field's input. */
  setAttribute(options: { field: FieldKey; attribute: string; value: unknown }): void;
  /** Removes a settable attribute from a field's input. */
  removeAttribute(options: { field: FieldKey; attribute: string }): void;
  /** Sets the text screen readers announce for a field, e.g. its inline error. */
  setMessage(options: { field: FieldKey; message: string }): void;
  /** Empties a field. */
  clear(field: FieldKey): void;
  /** Focuses a field's input. */
  focus(field: FieldKey): void;
  /** Adds a class to a field's input. */
  addClass(field: FieldKey, className: string): void;
  /** Removes a class from a field's input. */
  removeClass(field: FieldKey, className: string): void;
  /** Removes the frames, the container classes, the listener and the timers; rejects a pending tokenize. */
  teardown(): Promise<void>;
  /**
   * @internal Gives fields new labels, placeholders, maximum lengths and frame titles (another
   * locale, the panel's card options), new `styles`
   * (another theme) and the language and direction of their containers now, keeping what the
   * shopper typed.
   */
  relabel(
    texts: Partial<
      Record<FieldKey, { label: string; placeholder?: string; title: string; maxlength?: number }>
    >,
    styles?: FieldStyles,
  ): void;
}

/** Class of every hosted-field frame; also how a container already holding one is recognised. */
export const HOSTED_FIELD_FRAME_CLASS = 'payment-panel-hosted-field';

const STATE_CLASSES = ['focused', 'valid', 'invalid'] as const;

/** The frame tokenizes with the gateway's own time-out; the margin covers the messages around it. */
const TOKENIZE_TIMEOUT_MS = DEFAULT_REQUEST_TIMEOUT_MS + 5_000;

interface Field {
  key: FieldKey;
  options: FieldOptions;
  container: Element;
  iframe: HTMLIFrameElement;
  state: FieldState;
}

interface PendingTokenize {
  requestId: string;
  promise: Promise<CardPayload>;
  finish(error: PanelError | null, payload?: CardPayload): void;
}

function attributeValue(attribute: SettableAttribute, value: unknown): boolean | string {
  if (SETTABLE_ATTRIBUTES[attribute] === 'boolean') {
    if (typeof value === 'boolean') return value;
    if (value === 'true' || value === 'false') return value === 'true';
  } else if (typeof value === 'string' || typeof value === 'number') {
    return String(value);
  }
  throw createError('HOSTED_FIELDS_ATTRIBUTE_VALUE_NOT_ALLOWED', { value: String(value), attribute });
}

function settableAttribute(attribute: string): SettableAttribute {
  if (!Object.hasOwn(SETTABLE_ATTRIBUTES, attribute)) {
    throw createError('HOSTED_FIELDS_ATTRIBUTE_NOT_SUPPORTED', { attribute });
  }
  return attribute as SettableAttribute;
}

/**
 * The language and direction a field's frame takes on: those of the field's container (inside the
 * panel, its locale's; on a page, the page's).
 */
function surroundings(container: Element): { lang?: string | undefined; dir?: 'ltr' | 'rtl' | undefined } {
  const lang = container.closest('[lang]')?.getAttribute('lang') ?? '';
  const dir = getComputedStyle(container).direction;
  return {
    lang: LANGUAGE_TAG_PATTERN.test(lang) ? lang : undefined,
    dir: dir === 'ltr' || dir === 'rtl' ? dir : undefined,
  };
}

function stringEntries(record: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/** The folder of the frame pages the gateway configuration names: `{assetsUrl}/payment-panel/{version}/`. */
export function frameFolderOf(client: GatewayClient): string {
  return `${client.configuration.gatewayConfiguration.assetsUrl}/payment-panel/${PANEL_VERSION}/`;
}

/** Options of {@link openHostedFields}: fields whose containers are already known, and no client yet. */
export interface OpenHostedFieldsOptions {
  /** The versioned folder the frame pages come from, e.g. `https://assets…/payment-panel/1.9.2/`. */
  frameFolder: string;
  /** The fields to create, by key, each with its container element. */
  fields: Partial<Record<FieldKey, FieldOptions & { container: Element }>>;
  /**
   * The inputs' styles. The frames apply only what passes their whitelist (`filterStyles`), which
   * the standalone fields apply to a merchant's option before this.
   */
  styles?: FieldStyles;
  frameTitle?: (field: FieldKey) => string;
  debug?: boolean;
}

/**
 * Hosted fields whose frames load before the gateway configuration is there: the frames start at
 * once; {@link OpenedHostedFields.connect} gives them the client later, and `ready` resolves once
 * both have happened.
 */
export interface OpenedHostedFields {
  /**
   * Resolves with the instance once every frame has reported ready and the client is connected;
   * rejects as {@link createHostedFields} does.
   */
  readonly ready: Promise<HostedFields>;
  /** The fields created so far. */
  readonly fields: readonly FieldKey[];
  /** The origin the frames come from. */
  readonly frameOrigin: string;
  /**
   * Aborted when the fields end: torn down, or given up before they were ready. What hands the
   * instance to a merchant refuses its calls from then on (standalone/create-hosted-fields.ts).
   */
  readonly signal: AbortSignal;
  /**
   * The fields whose frame's document has loaded but that have not said ready: a page that is not
   * the frame (an error page, a refusal) or one that cannot answer this page. Watchers read it
   * (docs/card.md, "When the card fields cannot load").
   */
  readonly silent: readonly FieldKey[];
  /** More fields, before `ready` (e.g. the challenges the configuration asks for). */
  addFields(fields: OpenHostedFieldsOptions['fields']): void;
  /** The gateway client the tokenizing frame uses; once. */
  connect(client: GatewayClient): void;
  /** Gives up: removes the frames, the listener and the timers; `ready` rejects with `reason`. */
  abandon(reason: Error): void;
}

/**
 * Starts hosted fields without a client: appends one frame per field to its container at once.
 * The frames load while the caller fetches the gateway configuration; the tokenizing frame gets
 * the client through {@link OpenedHostedFields.connect}.
 */
export function openHostedFields(options: OpenHostedFieldsOptions): OpenedHostedFields {
  // Nobody may be waiting yet (the panel asks later); a failure is still reported when it does.
  const { promise: ready, resolve, reject } = deferred<HostedFields>();
  const lifetime = createLifetime();
  const ended = lifetime.signal;
  {
    let client: GatewayClient | undefined;
    const assetsOrigin = new URL(options.frameFolder).origin;
    const channel = createChannelId();
    // Events before the client is connected wait for it: they go to its analytics URL.
    const unsent: string[] = [];
    const analytics = (event: string): void => {
      if (client) client.analytics.send(`custom.hosted-fields.${event}`, ANALYTICS_COMPONENT_PREFIX);
      else unsent.push(event);
    };
    const fields = new Map<FieldKey, Field>();
    const reported = new Set<FieldKey>();
    const loadedFrames = new Set<FieldKey>();
    const handlers = new Map<string, Set<(payload: never) => void>>();
    let cards: CardCandidate[] = [];
    let emittedBy: FieldKey | undefined;
    let loaded = false;
    let pending: PendingTokenize | undefined;

    const frameUrl = `${options.frameFolder}html/hosted-fields-frame${
      options.debug ? '' : '.min'
    }.html${frameHash({ channel, parentOrigin: location.origin, version: PANEL_VERSION })}`;

    const post = (field: Field, message: PageToFrameMessage): void => {
      field.iframe.contentWindow?.postMessage(wrap(channel, message), assetsOrigin);
    };

    const snapshot = (): HostedFieldsState => {
      const state: HostedFieldsState = {
        cards: cards.map((card) => ({ ...card, code: { ...card.code } })),
        fields: {},
      };
      if (emittedBy) state.emittedBy = emittedBy;
      for (const field of fields.values())
        state.fields[field.key] = { ...field.state, container: field.container };
      return state;
    };

    const emit = (event: string, payload?: object): void => {
      for (const handler of [...(handlers.get(event) ?? [])])
        (handler as (payload: object) => void)(payload ?? snapshot());
    };

    const tokenizer = (): Field => fields.get('number') ?? (fields.values().next().value as Field);

    let { styles } = options;

    const configure = (field: Field, prefill?: string): void => {
      post(field, {
        type: 'configureField',
        field: field.key,
        label: field.options.label ?? FIELD_DEFAULTS[field.key].label,
        placeholder: field.options.placeholder,
        maxlength: field.options.maxlength,
        minlength: field.options.minlength,
        prefill,
        styles: styles ?? {},
        ...surroundings(field.container),
      });
    };

    const configureTokenizer = (): void => {
      if (!client) return;
      const gateway = client.configuration.gatewayConfiguration;
      post(tokenizer(), {
        type: 'configureTokenizer',
        fields: [...fields.keys()],
        clientApiUrl: gateway.clientApiUrl,
        analyticsUrl: gateway.analytics?.url,
        authorization: client.authorization.value,
        metadata: stringEntries(client.configuration.analyticsMetadata),
        supportedCardTypes: gateway.creditCards?.supportedCardTypes ?? [],
      });
    };

    const fail = (error: Error): void => {
      if (loaded) return;
      lifetime.end();
      reject(error);
    };

    /** Every frame has reported ready and the client is there: the fields are ready. */
    const finishLoading = (): void => {
      if (loaded || ended.aborted || !client || reported.size < fields.size) return;
      loaded = true;
      clearTimeout(loadTimer);
      configureTokenizer();
      analytics('load.succeeded');
      resolve(instance);
    };

    const handle = (field: Field, message: FrameToPageMessage): void => {
      switch (message.type) {
        case 'frameReady':
          if (message.frame !== 'hosted-fields') return;
          if (message.version !== PANEL_VERSION) {
            fail(
              createError('INCOMPATIBLE_VERSIONS', {
                clientVersion: PANEL_VERSION,
                component: 'hosted-fields',
                componentVersion: message.version,
              }),
            );
            return;
          }
          reported.add(field.key);
          configure(field, field.options.prefill);
          if (reported.size < fields.size) return;
          if (!loaded) {
            finishLoading();
          } else if (field === tokenizer()) {
            // The tokenizing frame reloaded: it has lost its gateway configuration.
            configureTokenizer();
          }
          return;
        case 'frameError': {
          const error = message.frame === 'hosted-fields' ? panelErrorFromJSON(message.error) : null;
          if (error) fail(error);
          return;
        }
        case 'fieldEvent': {
          const { state } = message;
          field.state = state;
          if (field.key === 'number' && message.cards) cards = message.cards;
          emittedBy = field.key;
          const { classList } = field.container;
          classList.toggle('focused', state.isFocused);
          classList.toggle('valid', state.isValid);
          classList.toggle('invalid', !state.isPotentiallyValid);
          emit(message.event);
          return;
        }
        case 'binAvailable':
          if (field.key === 'number' && /^\d{6}$/.test(message.bin))
            emit('binAvailable', { bin: message.bin });
          return;
        case 'submitRequest':
          emittedBy = field.key;
          emit('inputSubmitRequest');
          return;
        case 'tokenizeResult':
          if (field !== tokenizer() || pending?.requestId !== message.requestId) return;
          if (message.payload) pending.finish(null, message.payload);
          else {
            pending.finish(
              (message.error && panelErrorFromJSON(message.error)) ??
                createError('HOSTED_FIELDS_FAILED_TOKENIZATION'),
            );
          }
      }
    };

    function onMessage(event: MessageEvent): void {
      for (const field of fields.values()) {
        if (event.source !== field.iframe.contentWindow) continue;
        const message = openMessage(event, {
          origin: assetsOrigin,
          source: () => field.iframe.contentWindow,
          channel,
          parse: parseFrameToPageMessage,
        });
        // The window already names the field; a message naming another one is forged or confused.
        if (
          message &&
          (!('field' in message) || message.field === undefined || message.field === field.key)
        ) {
          handle(field, message);
        }
        return;
      }
    }

    const fieldFor = (method: string, key: unknown): Field => {
      if (!isFieldKey(key)) throw createError('HOSTED_FIELDS_FIELD_INVALID', { field: String(key) });
      const field = fields.get(key);
      if (!field) throw createError('HOSTED_FIELDS_FIELD_NOT_PRESENT', { method, field: key });
      return field;
    };

    const instance: HostedFields = {
      on(event: string, handler: (payload: never) => void) {
        let set = handlers.get(event);
        if (!set) handlers.set(event, (set = new Set()));
        set.add(handler);
        return () => {
          set.delete(handler);
        };
      },
      getState() {
        return snapshot();
      },
      tokenize(tokenizeOptions = {}) {
        if (pending) return pending.promise;
        const requestId = createChannelId();
        let finish!: PendingTokenize['finish'];
        const promise = new Promise<CardPayload>((resolveTokenize, rejectTokenize) => {
          finish = (error, payload) => {
            clearTimeout(timer);
            pending = undefined;
            if (error) rejectTokenize(error);
            else resolveTokenize(payload as CardPayload);
          };
        });
        const timer = setTimeout(() => {
          finish(createError('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR'));
        }, TOKENIZE_TIMEOUT_MS);
        pending = { requestId, promise, finish };
        post(tokenizer(), {
          type: 'tokenize',
          requestId,
          vault: tokenizeOptions.vault === true,
          billingAddress: tokenizeOptions.billingAddress,
          reuse: tokenizeOptions.reuse,
        });
        return promise;
      },
      setAttribute({ field, attribute, value }) {
        const target = fieldFor('setAttribute', field);
        const name = settableAttribute(attribute);
        post(target, { type: 'setAttribute', field, attribute: name, value: attributeValue(name, value) });
      },
      removeAttribute({ field, attribute }) {
        const target = fieldFor('removeAttribute', field);
        post(target, { type: 'removeAttribute', field, attribute: settableAttribute(attribute) });
      },
      setMessage({ field, message }) {
        post(fieldFor('setMessage', field), { type: 'setMessage', field, message });
      },
      clear(field) {
        post(fieldFor('clear', field), { type: 'clearField', field });
      },
      focus(field) {
        post(fieldFor('focus', field), { type: 'focusField', field });
      },
      addClass(field, className) {
        post(fieldFor('addClass', field), { type: 'addClass', field, className });
      },
      removeClass(field, className) {
        post(fieldFor('removeClass', field), { type: 'removeClass', field, className });
      },
      relabel(texts, newStyles = styles) {
        styles = newStyles;
        for (const field of fields.values()) {
          const text = texts[field.key];
          if (!text) continue;
          field.options = { ...field.options, ...text };
          field.iframe.title = text.title;
          if (reported.has(field.key)) configure(field);
        }
      },
      teardown() {
        lifetime.end();
        pending?.finish(createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'tokenize' }));
        analytics('teardown-completed');
        return Promise.resolve();
      },
    };

    const addFields = (added: OpenHostedFieldsOptions['fields']): void => {
      for (const [key, fieldOptions] of Object.entries(added) as [
        FieldKey,
        FieldOptions & { container: Element },
      ][]) {
        if (fields.has(key)) continue;
        const { container } = fieldOptions;
        const iframe = container.ownerDocument.createElement('iframe');
        iframe.src = `${frameUrl}&field=${key}`;
        iframe.name = `${HOSTED_FIELD_FRAME_CLASS}-${key}-${channel}`;
        iframe.title =
          options.frameTitle?.(key) ??
          `Secure ${fieldOptions.label ?? FIELD_DEFAULTS[key].label} input frame`;
        iframe.className = HOSTED_FIELD_FRAME_CLASS;
        iframe.setAttribute('allowtransparency', 'true');
        iframe.setAttribute('frameborder', '0');
        iframe.setAttribute('scrolling', 'no');
        lifetime.onEnd(() => {
          iframe.remove();
          container.classList.remove(...STATE_CLASSES);
        });
        fields.set(key, {
          key,
          options: fieldOptions,
          container,
          iframe,
          state: { isEmpty: true, isValid: false, isPotentiallyValid: true, isFocused: false },
        });
        // Recorded from the start: whoever watches the frames may begin after the load.
        iframe.onload = () => {
          loadedFrames.add(key);
        };
        container.append(iframe);
      }
    };

    const opened: OpenedHostedFields = {
      ready,
      get fields() {
        return [...fields.keys()];
      },
      frameOrigin: assetsOrigin,
      signal: ended,
      get silent() {
        return [...loadedFrames].filter((key) => !reported.has(key));
      },
      addFields(added) {
        if (loaded || ended.aborted) return;
        addFields(added);
      },
      connect(connected) {
        if (client || ended.aborted) return;
        client = connected;
        for (const event of unsent.splice(0)) analytics(event);
        finishLoading();
      },
      abandon(reason) {
        fail(reason);
      },
    };

    analytics('initialized');
    window.addEventListener('message', onMessage);
    const loadTimer = setTimeout(() => {
      analytics('load.timed-out');
    }, HOSTED_FIELDS_LOAD_TIMEOUT_MS);
    lifetime.onEnd(() => {
      window.removeEventListener('message', onMessage);
      clearTimeout(loadTimer);
    });
    addFields(options.fields);
    return opened;
  }
}
