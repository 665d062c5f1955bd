/**
 * The card sheet's frames: which fields there are, their secure frames in the view's slots, their
 * labels and look. They start before the gateway configuration is there ({@link CardFrames.start});
 * the configuration then adds the fields its challenges ask for and gives the frames the client
 * ({@link CardFrames.connect}). What the shopper types is judged by the card form
 * (runtime/card-form.ts), which the panel's runtime file brings.
 * @packageDocumentation
 */
import type { GatewayClient } from '../client';
import type { TextKey, Texts } from '../i18n/en-US';
import type { CardOptions, PanelOptions } from '../model/options';
import { openHostedFields, type HostedFields, type OpenedHostedFields } from '../methods/hosted-fields';
import { supportedBrands, type CardBrandType } from '../shared/card-brand-names';
import type { FieldStyles } from '../shared/field-styles';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import { deferred } from '../shared/lifetime';
import { fieldSlot, type SheetField } from './view-contract';

/** Text key of each field's label. */
export const FIELD_LABELS: Readonly<Record<SheetField, TextKey>> = {
  number: 'cardNumberLabel',
  expirationDate: 'expirationDateLabel',
  cvv: 'cvvLabel',
  postalCode: 'postalCodeLabel',
  cardholderName: 'cardholderNameLabel',
};

/** The fields every card sheet has, whatever the gateway configuration says. */
export function baseFields(card: CardOptions | undefined): SheetField[] {
  return [...(card?.cardholderName ? (['cardholderName'] as const) : []), 'number', 'expirationDate'];
}

/**
 * The fields of the card sheet for the merchant's option and the configuration's challenges: the
 * CVV and the postal code only when the gateway asks for them and the merchant did not remove them
 * (`overrides.fields.cvv: null`).
 */
export function cardFields(card: CardOptions | undefined, challenges: readonly string[]): SheetField[] {
  const removed = card?.overrides?.fields ?? {};
  return [
    ...baseFields(card),
    ...(challenges.includes('cvv') && removed.cvv !== null ? (['cvv'] as const) : []),
    ...(challenges.includes('postal_code') && removed.postalCode !== null ? (['postalCode'] as const) : []),
  ];
}

/** Each field's texts, and the settings the merchant's `overrides` lay over them. */
export type FieldTexts = Partial<
  Record<SheetField, { label: string; placeholder?: string; title: string; maxlength?: number }>
>;

/** Label, placeholder and frame title of each field, in the panel's texts. */
export function fieldTexts(fields: readonly SheetField[], text: Texts['text']): FieldTexts {
  return Object.fromEntries(
    fields.map((field) => {
      const label = text(FIELD_LABELS[field]);
      return [
        field,
        {
          label,
          ...(field === 'expirationDate' ? { placeholder: text('expirationDatePlaceholder') } : {}),
          title: text('frameTitle', { label }),
        },
      ];
    }),
  );
}

/**
 * The frames follow the panel's look (docs/styling.md, "The card fields' frames"): the computed colours and
 * font where they show, which the panel's stylesheet derives from the merchant's custom properties.
 */
export function frameStyles(element: Element): Record<string, Record<string, string>> {
  const look = getComputedStyle(element);
  return {
    input: {
      color: look.color,
      'background-color': look.getPropertyValue('--i'),
      'font-family': look.fontFamily,
      'font-size': look.fontSize,
    },
    '::placeholder': { color: look.getPropertyValue('--m') },
    '.invalid': { color: look.getPropertyValue('--e') },
  };
}

/** What the card frames need from the panel. */
export interface CardFramesOptions {
  /** The element the field frames are placed in (each in its own slot of the view). */
  frameHost: Element;
  /** The panel's texts now. */
  texts: () => Texts;
  /** The frames became ready, or cannot load. */
  onChange: () => void;
  /** Loads {@link openHostedFields} (a test may pass another). */
  open?: typeof openHostedFields;
}

/** The card sheet's frames. */
export class CardFrames {
  readonly #options: CardFramesOptions;
  readonly #open: typeof openHostedFields;
  readonly #card: CardOptions | undefined;
  #fields: SheetField[];
  #supported: CardBrandType[] = [];
  #opened: OpenedHostedFields | null = null;
  #folder: string | null = null;
  #containers = new Map<SheetField, HTMLElement>();
  #instance: HostedFields | null = null;
  #loadError: PanelError | null = null;
  #client: GatewayClient | null = null;
  #labelledWith: Texts | null = null;
  #tornDown = false;
  readonly #ready = deferred<HostedFields>();

  /**
   * Lays the merchant's `overrides` over each field's texts (in place) and over the panel's look
   * (the look it returns) whenever the frames are relabelled. The panel's runtime sets it, and the
   * frames take it on before the panel is ready: the first script carries none of its rules, nor the
   * styles' whitelist (docs/card.md, "Overrides").
   */
  adjust: ((texts: FieldTexts, look: FieldStyles) => FieldStyles) | null = null;

  /** @param card - the merchant's `card` option the fields follow */
  constructor(card: PanelOptions['card'], options: CardFramesOptions) {
    this.#options = options;
    this.#open = options.open ?? openHostedFields;
    // `true` is `{}`; `false` (no card) and none are `undefined`.
    this.#card = card === true ? {} : card || undefined;
    this.#fields = baseFields(this.#card);
  }

  /** Resolves with the hosted fields once every frame is ready; rejects with why they cannot load. */
  get ready(): Promise<HostedFields> {
    return this.#ready.promise;
  }

  /** The hosted fields, once ready. */
  get instance(): HostedFields | null {
    return this.#instance;
  }

  /** The frames being opened, once started: the panel's runtime watches them until they are ready. */
  get opened(): OpenedHostedFields | null {
    return this.#opened;
  }

  /** Why the frames cannot load, if they cannot. */
  get loadError(): PanelError | null {
    return this.#loadError;
  }

  /** The fields of the sheet, in order. */
  get fields(): readonly SheetField[] {
    return this.#fields;
  }

  /** Brands the gateway accepts (empty before the configuration is there). */
  get supported(): readonly CardBrandType[] {
    return this.#supported;
  }

  /** Whether the merchant makes the cardholder name mandatory. */
  get nameRequired(): boolean {
    const option = this.#card?.cardholderName;
    return typeof option === 'object' && option.required === true;
  }

  /** The versioned folder the frames come from, once started. */
  get folder(): string | null {
    return this.#folder;
  }

  /** Starts the frames of the fields known so far, from the versioned folder `frameFolder`. */
  start(frameFolder: string): void {
    if (this.#opened || this.#tornDown) return;
    const texts = this.#options.texts();
    this.#folder = frameFolder;
    this.#labelledWith = texts;
    this.#opened = this.#open({
      frameFolder,
      fields: this.#fieldOptions(this.#fields, texts),
      styles: frameStyles(this.#container('number')),
      frameTitle: (field) => fieldTexts([field as SheetField], texts.text)[field as SheetField]?.title ?? '',
    });
    this.#opened.ready.then(
      (instance) => {
        if (this.#tornDown) {
          void instance.teardown().catch(() => undefined);
          return;
        }
        this.#instance = instance;
        // Texts or a look that changed while the frames loaded reach them now.
        if (this.#options.texts() !== this.#labelledWith) this.retext();
        this.#ready.resolve(instance);
        this.#options.onChange();
      },
      (reason: unknown) => {
        if (this.#tornDown) return;
        const error = isPanelError(reason) ? reason : createError('HOSTED_FIELDS_FAILED_TOKENIZATION');
        this.#loadError = error;
        this.#ready.reject(error);
        this.#options.onChange();
      },
    );
  }

  /**
   * The gateway configuration is there: adds the fields its challenges ask for, notes the brands it
   * accepts and gives the frames the client.
   */
  connect(client: GatewayClient, frameFolder: string): void {
    if (this.#tornDown || this.#client) return;
    const gateway = client.configuration.gatewayConfiguration;
    this.#client = client;
    this.#supported = supportedBrands(gateway.creditCards?.supportedCardTypes ?? []);
    const fields = cardFields(this.#card, gateway.challenges ?? []);
    const added = fields.filter((field) => !this.#fields.includes(field));
    this.#fields = fields;
    this.start(frameFolder);
    if (added.length > 0) this.#opened?.addFields(this.#fieldOptions(added, this.#options.texts()));
    this.#opened?.connect(client);
    this.#options.onChange();
  }

  /** Whether the frames were given `client`. */
  isConnectedTo(client: GatewayClient): boolean {
    return this.#client === client;
  }

  /** New texts (another locale or translations) or a new look: the frames are relabelled and restyled. */
  retext(): void {
    const instance = this.#instance;
    if (!instance) {
      // The frames are still loading with what they were opened with: they take it anew once ready.
      this.#labelledWith = null;
      return;
    }
    const texts = this.#options.texts();
    this.#labelledWith = texts;
    const labelled = fieldTexts(this.#fields, texts.text);
    const look = frameStyles(this.#container('number'));
    instance.relabel(labelled, this.adjust?.(labelled, look) ?? look);
  }

  /** Moves focus into a field's frame. */
  focus(field: SheetField): void {
    if (this.#instance && this.#fields.includes(field)) this.#instance.focus(field);
  }

  /** Removes the frames, their containers and listeners; resolves once they are gone. */
  teardown(): Promise<void> {
    if (this.#tornDown) return Promise.resolve();
    this.#tornDown = true;
    const instance = this.#instance;
    this.#instance = null;
    let done = Promise.resolve();
    if (instance) done = instance.teardown().catch(() => undefined);
    else this.#opened?.abandon(createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'createHostedFields' }));
    for (const container of this.#containers.values()) container.remove();
    this.#containers.clear();
    return done;
  }

  /** The slotted element a field's frame goes into. */
  #container(field: SheetField): HTMLElement {
    let container = this.#containers.get(field);
    if (!container) {
      container = this.#options.frameHost.ownerDocument.createElement('div');
      container.className = 'field-frame';
      container.slot = fieldSlot(field);
      this.#options.frameHost.append(container);
      this.#containers.set(field, container);
    }
    return container;
  }

  #fieldOptions(fields: readonly SheetField[], texts: Texts) {
    const labelled = fieldTexts(fields, texts.text);
    return Object.fromEntries(
      fields.map((field) => [field, { container: this.#container(field), ...labelled[field] }]),
    );
  }
}
