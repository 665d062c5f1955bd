/**
 * One hosted field: its input, its state, the page's commands and, in the tokenizing frame,
 * tokenization. Card data stays in the frame; the page only hears state, and the number's BIN
 * (its first six digits), which the provider's hosted fields give the page too.
 * @packageDocumentation
 */
import { CARD_BRANDS, type CardBrandType } from '../../src/shared/card-brands';
import { createTokenizationError } from '../../src/shared/errors';
import type { FrameToPageMessage, PageToFrameMessage } from '../../src/shared/frame-messages';
import {
  FIELD_DEFAULTS,
  binOf,
  fieldEventsOf,
  SETTABLE_ATTRIBUTES,
  type FieldEventType,
  type FieldKey,
  type FieldState,
} from '../../src/shared/hosted-fields';
import { detectBrands, determinedBrand, toCandidate } from './card-types';
import { applyEdit, fieldFormat, reformat, type Edit, type EditResult, type FieldFormat } from './format';
import type { CollectedField, Siblings, TokenizerClaim } from './siblings';
import { applyStyles } from './styles';
import {
  createCardTokenizer,
  createTokenizeQueue,
  type RequestSender,
  type TokenizeOutcome,
  type TokenizeRequest,
  type TokenizerConfig,
} from './tokenize';
import { validateField, type ValidationContext } from './validate';

/** How long the tokenizer waits for its siblings' values. */
export const COLLECT_TIMEOUT_MS = 2_000;

/** What a hosted field needs from its surroundings. */
export interface HostedFieldOptions {
  field: FieldKey;
  document: Document;
  /** The page's end of the channel. */
  send: (message: FrameToPageMessage) => void;
  siblings: Siblings;
  /** Sends the tokenization request; `httpRequest` by default. */
  request?: RequestSender;
}

/** A started hosted field. */
export interface HostedField {
  input: HTMLInputElement;
  /** Acts on a message of the page (already checked for origin, window, channel and shape). */
  handle: (message: PageToFrameMessage) => void;
}

/** What the page assumes of a field before it hears anything. */
const INITIAL_STATE: FieldState = {
  isEmpty: true,
  isValid: false,
  isPotentiallyValid: true,
  isFocused: false,
};

function buildInput(
  doc: Document,
  field: FieldKey,
): { input: HTMLInputElement; label: HTMLLabelElement; live: HTMLElement } {
  const defaults = FIELD_DEFAULTS[field];
  const label = doc.createElement('label');
  label.htmlFor = 'field';
  label.className = 'visually-hidden';
  label.textContent = defaults.label;
  const input = doc.createElement('input');
  input.id = 'field';
  input.type = 'text';
  input.name = defaults.name;
  input.autocomplete = defaults.autocomplete as AutoFill;
  input.inputMode = defaults.inputMode;
  // Card numbers and dates read left to right in every script; a right-to-left page aligns them right.
  if (defaults.inputMode === 'numeric') input.dir = 'ltr';
  input.setAttribute('spellcheck', 'false');
  input.setAttribute('autocorrect', 'off');
  input.setAttribute('autocapitalize', field === 'cardholderName' ? 'words' : 'off');
  input.setAttribute('aria-describedby', 'field-message');
  const live = doc.createElement('div');
  live.id = 'field-message';
  live.className = 'visually-hidden';
  live.setAttribute('aria-live', 'polite');
  doc.body.append(label, input, live);
  return { input, label, live };
}

/** The edit a `beforeinput` event asks for, when it is one we shape ourselves. */
function editOf(event: InputEvent): Edit | undefined {
  switch (event.inputType) {
    case 'insertText':
    case 'insertFromPaste':
    case 'insertFromDrop':
    case 'insertReplacementText':
    case 'insertFromYank':
      return { kind: 'insert', text: event.data ?? event.dataTransfer?.getData('text/plain') ?? '' };
    case 'deleteContentBackward':
      return { kind: 'deleteBackward' };
    case 'deleteByCut':
    case 'deleteByDrag':
    case 'deleteContent':
      return { kind: 'deleteSelection' };
    case 'deleteContentForward':
      return { kind: 'deleteForward' };
    default:
      return undefined;
  }
}

/** Builds the field into `document` and starts listening to the shopper and the siblings. */
export function startHostedField(options: HostedFieldOptions): HostedField {
  const { field, document: doc, send, siblings } = options;
  const { input, label, live } = buildInput(doc, field);
  applyStyles(doc);

  const context: ValidationContext & { maxLength?: number | undefined } = {};
  let format: FieldFormat = fieldFormat(field);
  let raw = '';
  // A new random id for every change of `raw`, never reused, not even by a reloaded frame.
  let revision = crypto.randomUUID();
  let state = INITIAL_STATE;
  let cardsKey = detectBrands('')
    .map((b) => b.type)
    .join();
  let brandSent: CardBrandType | null = null;
  let binSent: string | null = null;
  /**
   * The configuration this frame tokenizes with; `null` when it was refused one (the channel has
   * another tokenizer), so that a `tokenize` it gets ends at once rather than at the page's time-out.
   */
  let tokenizer: TokenizerConfig | null | undefined;
  /**
   * The channel's tokenizer as this frame knows it: the configuration it took itself, or the first
   * a sibling announced. Once per channel (docs/architecture.md, "Frames and their channel"): a
   * script of the merchant page may post to any frame at any time, and must not point the card
   * elsewhere after the panel configured the tokenizer.
   */
  let channelTokenizer: TokenizerClaim | undefined;
  /** Two different tokenizers were announced on the channel: no frame hands over a value any more. */
  let contested = false;
  const learnTokenizer = (known: TokenizerClaim): void => {
    channelTokenizer ??= known;
    if (channelTokenizer.field !== known.field || channelTokenizer.key !== known.key) contested = true;
  };
  const queue = createTokenizeQueue();
  const tokenizeFields = createCardTokenizer(options.request);

  const rebuildFormat = (): void => {
    format = fieldFormat(field, { maxLength: context.maxLength, cvvSize: context.brand?.code.size });
    input.maxLength = format.maxDisplay(raw);
  };
  rebuildFormat();

  const emit = (event: FieldEventType): void => {
    const message: FrameToPageMessage = { type: 'fieldEvent', event, field, state: { ...state } };
    if (field === 'number') message.cards = detectBrands(raw).map(toCandidate);
    send(message);
  };

  /** Recomputes the state and tells the page and the siblings what changed. */
  const refresh = (): void => {
    const validity = validateField(field, raw, context);
    const previous = state;
    state = { isEmpty: raw === '', ...validity, isFocused: previous.isFocused };
    input.classList.toggle('valid', state.isValid);
    input.classList.toggle('invalid', !state.isPotentiallyValid);
    input.maxLength = format.maxDisplay(raw);
    let cardsChanged = false;
    if (field === 'number') {
      const key = detectBrands(raw)
        .map((b) => b.type)
        .join();
      cardsChanged = key !== cardsKey;
      cardsKey = key;
      const brand = determinedBrand(raw)?.type ?? null;
      if (brand !== brandSent) {
        brandSent = brand;
        siblings.send({ type: 'cardType', cardType: brand });
      }
    }
    for (const event of fieldEventsOf(previous, state, cardsChanged)) emit(event);
    const bin = field === 'number' ? binOf(raw) : null;
    if (bin !== binSent) {
      binSent = bin;
      if (bin) send({ type: 'binAvailable', field, bin });
    }
  };

  /** Shows an edit's result: every way the value changes passes here, and so bumps the revision. */
  const show = (next: EditResult): void => {
    if (next.raw !== raw) revision = crypto.randomUUID();
    raw = next.raw;
    if (input.value !== next.value) input.value = next.value;
    if (doc.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    refresh();
  };

  input.addEventListener('beforeinput', (event) => {
    const edit = editOf(event);
    if (edit === undefined || event.isComposing) return;
    event.preventDefault();
    const start = input.selectionStart ?? input.value.length;
    show(applyEdit(format, { value: input.value, start, end: input.selectionEnd ?? start }, edit));
  });
  // Whatever we did not shape in beforeinput: autofill, an input method's composition.
  input.addEventListener('input', (event) => {
    if ((event as InputEvent).isComposing) return;
    show(reformat(format, input.value, input.selectionStart ?? input.value.length));
  });
  input.addEventListener('compositionend', () => {
    show(reformat(format, input.value, input.selectionStart ?? input.value.length));
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      send({ type: 'submitRequest', field });
    }
  });
  const setFocused = (isFocused: boolean): void => {
    state = { ...state, isFocused };
    input.classList.toggle('focused', isFocused);
    emit(isFocused ? 'focus' : 'blur');
  };
  input.addEventListener('focus', () => {
    setFocused(true);
  });
  input.addEventListener('blur', () => {
    setFocused(false);
  });

  siblings.listen((message) => {
    switch (message.type) {
      case 'cardType':
        if (field !== 'cvv') return;
        context.brand = message.cardType === null ? undefined : CARD_BRANDS[message.cardType];
        rebuildFormat();
        refresh();
        return;
      case 'supportedCardTypes':
        context.supportedCardTypes = message.cardTypes;
        if (field === 'number') refresh();
        return;
      case 'tokenizer':
        learnTokenizer(message);
        return;
      case 'collect':
        // Values go to the channel's one tokenizer only, and to nobody once two claimed it.
        learnTokenizer(message);
        if (contested) return;
        siblings.send({
          type: 'value',
          requestId: message.requestId,
          field,
          value: raw,
          state: { ...state },
          revision,
        });
        return;
      case 'value':
        return;
    }
  });

  const collect = async (
    config: TokenizerConfig,
    claim: TokenizerClaim,
    requestId: string,
  ): Promise<Map<FieldKey, CollectedField>> => {
    const others = config.fields.filter((key) => key !== field);
    const fields = await siblings.collect(requestId, claim, others, COLLECT_TIMEOUT_MS);
    if (config.fields.includes(field)) fields.set(field, { value: raw, state: { ...state }, revision });
    return fields;
  };

  const tokenize = (request: TokenizeRequest): void => {
    const config = tokenizer;
    if (config === undefined) return;
    void queue(request.requestId, async (): Promise<TokenizeOutcome> => {
      if (contested || !config)
        return { error: createTokenizationError('HOSTED_FIELDS_FAILED_TOKENIZATION') };
      let fields: Map<FieldKey, CollectedField>;
      try {
        // A frame with a configuration has claimed the channel with it.
        fields = await collect(config, channelTokenizer as TokenizerClaim, request.requestId);
      } catch {
        return { error: createTokenizationError('HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR') };
      }
      return tokenizeFields(config, request, fields);
    }).then((outcome) => {
      send(
        'payload' in outcome
          ? { type: 'tokenizeResult', requestId: request.requestId, payload: outcome.payload }
          : { type: 'tokenizeResult', requestId: request.requestId, error: outcome.error.toJSON() },
      );
    });
  };

  const handle = (message: PageToFrameMessage): void => {
    if ('field' in message && message.field !== field) return;
    switch (message.type) {
      case 'configureField': {
        const text = message.label ?? FIELD_DEFAULTS[field].label;
        label.textContent = text;
        doc.title = text;
        if (message.lang) doc.documentElement.lang = message.lang;
        if (message.dir) doc.documentElement.dir = message.dir;
        if (message.placeholder !== undefined) input.placeholder = message.placeholder;
        context.maxLength = message.maxlength;
        context.minLength = message.minlength;
        rebuildFormat();
        applyStyles(doc, message.styles);
        if (message.prefill !== undefined) show(reformat(format, message.prefill));
        else refresh();
        return;
      }
      case 'configureTokenizer': {
        const { fields, clientApiUrl, analyticsUrl, authorization, metadata, supportedCardTypes } = message;
        const config: TokenizerConfig = { fields, clientApiUrl, authorization, metadata, supportedCardTypes };
        if (analyticsUrl !== undefined) config.analyticsUrl = analyticsUrl;
        const key = JSON.stringify(config);
        // Taken once, by a frame of a channel without another tokenizer. A reloaded tokenizer has
        // forgotten its own and takes one again: if it differs from what its siblings know, the
        // channel is contested and they hand over nothing. Anything else is refused and changes nothing.
        if (
          tokenizer !== undefined ||
          contested ||
          (channelTokenizer !== undefined &&
            (channelTokenizer.field !== field || channelTokenizer.key !== key))
        ) {
          tokenizer ??= null;
          return;
        }
        tokenizer = config;
        channelTokenizer = { field, key };
        siblings.send({ type: 'tokenizer', field, key });
        context.supportedCardTypes = config.supportedCardTypes;
        siblings.send({ type: 'supportedCardTypes', cardTypes: config.supportedCardTypes });
        if (field === 'number') refresh();
        return;
      }
      case 'tokenize':
        tokenize(message);
        return;
      case 'setAttribute': {
        const kind = SETTABLE_ATTRIBUTES[message.attribute];
        if (kind !== typeof message.value) return;
        if (message.attribute === 'disabled') input.disabled = message.value === true;
        else input.setAttribute(message.attribute, String(message.value));
        return;
      }
      case 'removeAttribute':
        input.removeAttribute(message.attribute);
        return;
      case 'clearField':
        show({ value: '', caret: 0, raw: '' });
        return;
      case 'focusField':
        input.focus();
        return;
      case 'addClass':
      case 'removeClass':
        // A class name with a space makes classList throw; such a name is simply not applied.
        if (/^[\w-]+$/.test(message.className))
          input.classList.toggle(message.className, message.type === 'addClass');
        return;
      case 'setMessage':
        live.textContent = message.message;
        return;
    }
  };

  return { input, handle };
}
