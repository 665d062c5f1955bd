/**
 * The card sheet without its looks, once the panel runs: the brand, the inline errors, whether the
 * card can be handed over, and its tokenization. Card data stays in the frames; this side sees only
 * field states and card-type candidates, so it never judges on its own whether the card it handed
 * over is still what the fields hold: the tokenizing frame does (docs/card.md, "When the panel
 * tokenizes").
 * @packageDocumentation
 */
import type { Texts, TextKey } from '../../../i18n/en-US';
import type { HostedFields, HostedFieldsState } from '../../../methods/hosted-fields';
import type { RawPaymentMethod } from '../../../model';
import type { CardBrandType } from '../../../shared/card-brands';
import { createError, isPanelError } from '../../../shared/errors';
import { createLifetime } from '../../../shared/lifetime';
import type { CardCandidate } from '../../../shared/hosted-fields';
import type { CardFrames } from '../../card-frames';
import type { CardBinAvailableDetail, CardEventDetail } from '../../events';
import type { CardSheetState, SheetField } from '../../view-contract';
import { cardEventDetail, cardEventName, type CardEventName } from '../dropin-events';

/** The fields' state events (docs/hosted-fields.md): a new value with the same state sends none. */
const EVENTS = ['blur', 'focus', 'validityChange', 'cardTypeChange', 'empty', 'notEmpty'] as const;

/** Tokenization errors the shopper sees in the sheet; FIELDS_* show at the fields instead. */
const SHEET_ERRORS = new Set([
  'HOSTED_FIELDS_FAILED_TOKENIZATION',
  'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
  'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
  'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
]);

const EMPTY_TEXT: Record<SheetField, TextKey> = {
  number: 'fieldEmptyForNumber',
  expirationDate: 'fieldEmptyForExpirationDate',
  cvv: 'fieldEmptyForCvv',
  postalCode: 'fieldEmptyForPostalCode',
  cardholderName: 'fieldEmptyForCardholderName',
};

const INVALID_TEXT: Record<SheetField, TextKey> = {
  number: 'fieldInvalidForNumber',
  expirationDate: 'fieldInvalidForExpirationDate',
  cvv: 'fieldInvalidForCvv',
  postalCode: 'fieldInvalidForPostalCode',
  cardholderName: 'fieldTooLongForCardholderName',
};

/** The one brand the number is, when it is known. */
function detectedBrand(cards: readonly CardCandidate[]): CardBrandType | null {
  return cards.length === 1 && cards[0] ? cards[0].type : null;
}

/** What the card form needs from the panel. */
export interface CardFormOptions {
  /** The panel's texts now. */
  texts: () => Texts;
  /** Something the sheet shows changed. */
  onChange: () => void;
  /** Whether the form can be handed over without the shopper, on every change. */
  onRequestableChange: (complete: boolean) => void;
  /** Whether the sheet shows a "Save card" checkbox. */
  saveCard?: boolean;
  /** Whether a card is saved for a customer: the checkbox's first state. Default `true`. */
  vaultCard?: boolean;
  /** Brands by type; those `false` are refused and their icons hidden (`supportedCardBrands`). */
  refused?: Readonly<Record<string, boolean>> | undefined;
  /** Fires the element's card events (docs/element.md, "Events"), after the form took the change in. */
  fire?: (
    event: CardEventName | 'cardBinAvailable',
    detail: CardEventDetail | CardBinAvailableDetail,
  ) => void;
}

/** The card sheet's state over its frames. */
export class CardForm {
  readonly frames: CardFrames;
  readonly #options: CardFormOptions;
  #cards: CardCandidate[] = [];
  #errors: Partial<Record<SheetField, string>> = {};
  #focused: SheetField | null = null;
  #message: string | null = null;
  /** The card handed over last, under the nonce the frame gave it (3D Secure may replace the card's). */
  #remembered: { nonce: string; card: RawPaymentMethod } | null = null;
  /** Counts {@link CardForm.forget} calls: an answer to a request made before one is not remembered. */
  #forgotten = 0;
  #instance: HostedFields | null = null;
  /** Whether a customer's card is saved: the checkbox's state, or the merchant's choice without one. */
  #saving: boolean;
  #snapshot: CardSheetState | null = null;
  /** Ends when the panel removes the frames: the form stops listening to them. */
  readonly #lifetime = createLifetime();

  constructor(frames: CardFrames, options: CardFormOptions) {
    this.frames = frames;
    this.#options = options;
    this.#saving = options.vaultCard !== false;
    frames.ready.then(
      (instance) => {
        this.#attach(instance);
      },
      () => {
        this.#changed();
      },
    );
  }

  /** The brands the sheet accepts: the gateway's, less those the merchant refuses. */
  get supported(): readonly CardBrandType[] {
    return this.frames.supported.filter((brand) => this.#options.refused?.[brand] !== false);
  }

  /** Whether a customer's card is to be saved: the checkbox is (or would be) checked. */
  get saving(): boolean {
    return this.#saving;
  }

  /** The shopper checked or unchecked "Save card". */
  setSaveCard(checked: boolean): void {
    if (!this.#options.saveCard || checked === this.#saving) return;
    this.#saving = checked;
    this.#changed();
  }

  /** Settles once every field's frame is ready, or rejects with why the fields cannot load. */
  get ready(): Promise<unknown> {
    return this.frames.ready;
  }

  /** New texts: the frames are relabelled and the errors read again in the new words. */
  retext(): void {
    this.frames.retext();
    if (this.#instance) this.#update(this.#instance.getState());
  }

  /**
   * Hands over the card the fields hold now: the same card object as last time when the tokenizing
   * frame confirms that no field's value changed since it tokenized it, else a card it tokenizes
   * now. Shows what to fix and rejects with the catalogue error otherwise.
   * @param vault - whether the gateway keeps the card for the customer
   */
  async request(vault: boolean): Promise<RawPaymentMethod> {
    const instance = this.#instance;
    if (!instance) throw this.frames.loadError ?? createError('HOSTED_FIELDS_FIELDS_EMPTY');
    this.#message = null;
    const state = instance.getState();
    const fields = this.frames.fields;
    const shown: Partial<Record<SheetField, string>> = {};
    for (const field of fields) {
      const message = this.#fieldError(field, state, true);
      if (message) shown[field] = message;
    }
    this.#setErrors(shown);
    this.#changed();
    // With every field empty the frame's FIELDS_EMPTY says it better.
    const started = fields.some((field) => state.fields[field]?.isEmpty === false);
    if (this.frames.nameRequired && started && state.fields.cardholderName?.isEmpty) {
      throw createError('HOSTED_FIELDS_FIELDS_INVALID', undefined, { invalidFieldKeys: ['cardholderName'] });
    }
    // A brand the gateway accepts but the merchant refuses is the sheet's rule: never tokenized.
    const brand = detectedBrand(state.cards);
    if (brand && !this.supported.includes(brand)) {
      throw createError('HOSTED_FIELDS_FIELDS_INVALID', undefined, { invalidFieldKeys: ['number'] });
    }
    const remembered = this.#remembered;
    const forgotten = this.#forgotten;
    // Until the frame answers, nothing is remembered: a failure leaves nothing to hand over.
    this.#remembered = null;
    try {
      const payload = await instance.tokenize({ vault, ...(remembered && { reuse: remembered.nonce }) });
      // The frame hands back the nonce it was asked about only when the fields still hold that card;
      // a new tokenization always has a new nonce.
      const card: RawPaymentMethod =
        remembered?.nonce === payload.nonce
          ? remembered.card
          : {
              nonce: payload.nonce,
              details: payload.details,
              type: 'CreditCard',
              description: payload.description,
              ...(payload.binData ? { binData: payload.binData } : {}),
              ...(vault ? { vaulted: true as const } : {}),
            };
      if (forgotten === this.#forgotten) this.#remembered = { nonce: payload.nonce, card };
      return card;
    } catch (error) {
      if (isPanelError(error) && SHEET_ERRORS.has(error.code)) {
        this.#message = this.#options.texts().errorText(error.code);
        this.#changed();
      }
      throw error;
    }
  }

  /**
   * Forgets the card handed over: the next request tokenizes anew, whatever the fields hold (the
   * shopper came back to the card sheet).
   */
  forget(): void {
    this.#remembered = null;
    this.#forgotten += 1;
  }

  /** Empties every field and forgets the card handed over. */
  clear(): void {
    this.forget();
    if (this.#instance) for (const field of this.frames.fields) this.#instance.clear(field);
    this.#setErrors({});
    this.#message = null;
    this.#changed();
  }

  /** The sheet as the view shows it: the same object until something changes. */
  snapshot(): CardSheetState {
    const { frames } = this;
    this.#snapshot ??= {
      fields: frames.fields,
      ready: this.#instance !== null,
      supported: this.supported,
      brand: detectedBrand(this.#cards),
      errors: this.#errors,
      focused: this.#focused,
      message: this.#message ?? (frames.loadError && this.#options.texts().text('genericError')),
      saveCard: this.#options.saveCard ? this.#saving : null,
    };
    return this.#snapshot;
  }

  /** Stops listening to the frames (the panel removes them). */
  teardown(): void {
    this.#lifetime.end();
  }

  #attach(instance: HostedFields): void {
    if (this.#lifetime.signal.aborted) return;
    this.#instance = instance;
    const update = (state: HostedFieldsState): void => {
      this.#update(state);
    };
    // The frames start valid in the eyes of assistive technology, with nothing to announce.
    for (const field of this.frames.fields) {
      instance.setAttribute({ field, attribute: 'aria-invalid', value: false });
      instance.setMessage({ field, message: '' });
    }
    for (const event of EVENTS) this.#lifetime.onEnd(instance.on(event, update));
    const fire = this.#options.fire;
    if (fire) {
      for (const event of [...EVENTS, 'inputSubmitRequest'] as const) {
        this.#lifetime.onEnd(
          instance.on(event, (state) => {
            const detail = cardEventDetail(state);
            if (detail) fire(cardEventName(event), detail);
          }),
        );
      }
      this.#lifetime.onEnd(
        instance.on('binAvailable', ({ bin }) => {
          fire('cardBinAvailable', { bin });
        }),
      );
    }
    this.#update(instance.getState());
  }

  /** The error a field shows now, given its state; `submitted` also flags empty fields. */
  #fieldError(field: SheetField, state: HostedFieldsState, submitted: boolean): string | undefined {
    const fieldState = state.fields[field];
    if (!fieldState) return undefined;
    const { text } = this.#options.texts();
    const brand = detectedBrand(state.cards);
    if (field === 'number' && brand && !this.supported.includes(brand)) {
      return text('unsupportedCardTypeError');
    }
    if (fieldState.isEmpty) {
      const optional = field === 'cardholderName' && !this.frames.nameRequired;
      return submitted && !optional ? text(EMPTY_TEXT[field]) : undefined;
    }
    if (!fieldState.isValid && (submitted || !fieldState.isFocused || !fieldState.isPotentiallyValid)) {
      return text(INVALID_TEXT[field]);
    }
    return undefined;
  }

  /** Whether the form as it stands can be tokenized. */
  #isComplete(state: HostedFieldsState): boolean {
    return (
      this.frames.fields.every((field) => {
        const fieldState = state.fields[field];
        if (!fieldState) return false;
        // The frame judges a name only by its length; whether one is required is the sheet's rule.
        if (field === 'cardholderName' && fieldState.isEmpty) return !this.frames.nameRequired;
        return fieldState.isValid;
      }) && this.supported.includes(detectedBrand(state.cards) ?? ('' as CardBrandType))
    );
  }

  #update(state: HostedFieldsState): void {
    if (this.#lifetime.signal.aborted) return;
    this.#cards = state.cards;
    const fields = this.frames.fields;
    const next: Partial<Record<SheetField, string>> = {};
    for (const field of fields) {
      // An error shown stays until the field is fixed; a new one appears once the shopper leaves.
      const shown = this.#fieldError(field, state, this.#errors[field] !== undefined);
      if (shown) next[field] = shown;
    }
    this.#setErrors(next);
    this.#focused = fields.find((field) => state.fields[field]?.isFocused) ?? null;
    this.#changed();
    this.#options.onRequestableChange(this.#isComplete(state));
  }

  /** Sets the inline errors; the frames' aria state follows them. */
  #setErrors(errors: Partial<Record<SheetField, string>>): void {
    const before = this.#errors;
    this.#errors = errors;
    const instance = this.#instance;
    if (!instance) return;
    for (const field of this.frames.fields) {
      const message = errors[field];
      if (before[field] === message) continue;
      instance.setAttribute({ field, attribute: 'aria-invalid', value: message !== undefined });
      instance.setMessage({ field, message: message ?? '' });
    }
  }

  #changed(): void {
    this.#snapshot = null;
    this.#options.onChange();
  }
}
