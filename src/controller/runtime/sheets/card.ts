/**
 * The card's sheet: the card form over the frames the controller made (they start before this file
 * is there), what it can hand over, and its tokenization in a request.
 * @packageDocumentation
 */
import { watchFrames } from '../../../methods/hosted-fields/frame-watch';
import { createError, isPanelError } from '../../../shared/errors';
import { createLifetime } from '../../../shared/lifetime';
import type { SupportedCardBrands } from '../../../model/options';
import type { CardFrames } from '../../card-frames';
import type { SheetField } from '../../view-contract';
import type { Sheet, SheetContext } from '../sheet';
import { CardForm } from './card-form';

/**
 * The card's sheet over the session's card frames, if the card is offered. The controller hands it
 * the frames it makes anew (the merchant changed the `card` option) or drops.
 */
export function createCardSheet(
  context: SheetContext,
  initialFrames: CardFrames | null,
): Sheet & {
  setFrames(frames: CardFrames | null): void;
  clear(): void;
  retext(): void;
  saveCard(checked: boolean): void;
  delivered(): void;
} {
  const lifetime = createLifetime();
  /** The merchant's `card` option as an object, now (`true` is `{}`). */
  const card = () => {
    const option = context.options().card;
    return option === true ? {} : option || undefined;
  };
  /** Whether the form as it stands can be tokenized. */
  let complete = false;

  /**
   * The merchant's overrides, taken on by the frames of the form made last: what the loading phase
   * waits for beside them.
   */
  let adjusted: Promise<unknown> | undefined;

  /** The card form over the frames: it reports to this sheet while it is the sheet's. */
  const formOver = (frames: CardFrames): CardForm => {
    const { overrides, vault } = card() ?? {};
    const { fields, styles } = overrides ?? {};
    adjusted = undefined;
    if (fields || styles) {
      // The merchant's styles reach the frames only through the whitelist, which travels in the
      // hosted fields' file: loaded only for a merchant who sets them, before the panel is ready.
      adjusted = (styles ? context.loadModule('hosted-fields') : Promise.resolve(null)).then((file) => {
        frames.adjust = (texts, look) => {
          for (const [field, settings] of Object.entries(texts)) {
            const { placeholder, maxlength } = fields?.[field as SheetField] ?? {};
            Object.assign(
              settings,
              placeholder !== undefined && { placeholder },
              maxlength !== undefined && { maxlength },
            );
          }
          return file ? file.mergeStyles(look, styles) : look;
        };
        frames.retext();
      });
    }
    const made: CardForm = new CardForm(frames, {
      texts: context.texts,
      // A customer chooses whether to save the card when the merchant lets them; checked as the
      // merchant says (docs/card.md, "Saving the card").
      saveCard: !context.client.authorization.guest && vault?.allowVaultCardOverride === true,
      vaultCard: vault?.vaultCard !== false,
      refused: panelBrandNames(overrides?.fields?.number?.supportedCardBrands),
      onChange: () => {
        if (form === made) context.changed();
      },
      fire: (event, detail) => {
        if (form === made) context.fire(event, detail);
      },
      onRequestableChange: (formComplete) => {
        if (form !== made) return;
        complete = formComplete;
        context.requestableChanged();
      },
    });
    return made;
  };

  /**
   * Follows the card frames until they are ready. Frames that cannot load give up with a catalogue
   * error (docs/card.md, "When the card fields cannot load"): the merchant hears it, the card drops
   * out, and whatever waits for the panel goes on.
   */
  const follow = (frames: CardFrames): void => {
    const opened = frames.opened;
    if (opened) lifetime.onEnd(watchFrames(opened));
    const adjusting = adjusted;
    frames.ready
      .then(() => adjusting)
      .then(
        () => {
          if (form?.frames === frames) context.ready();
        },
        (error: unknown) => {
          if (context.signal.aborted || form?.frames !== frames) return;
          const failure = isPanelError(error) ? error : createError('HOSTED_FIELDS_FAILED_TOKENIZATION');
          context.ready(failure);
          // A card sheet on show gives way first, so the error stays in view.
          context.leave();
          context.showError(failure);
          context.changed();
        },
      );
  };

  let form: CardForm | null = initialFrames && formOver(initialFrames);
  lifetime.onEnd(() => form?.teardown());

  return {
    get available() {
      return form !== null && !form.frames.loadError;
    },

    /** The loading phase waits for the card frames, when there are any. */
    start() {
      if (form) follow(form.frames);
      else context.ready();
    },

    /** On the card sheet, hands over the card the fields hold (docs/card.md, "When the panel tokenizes"). */
    async request(draft) {
      if (draft.on !== 'card' || !form) return;
      const { errorText } = context.texts();
      draft.method = await form
        .request(!context.client.authorization.guest && form.saving)
        .catch((error: unknown) => {
          // The sheet shows the card's own errors; a gateway refusal (e.g. a 403) still tells the shopper.
          if (isPanelError(error) && error.code.startsWith('CLIENT_')) context.notice(errorText(error.code));
          throw error;
        });
      draft.isNew = true;
    },

    teardown() {
      lifetime.end();
    },

    requestable: () => (complete ? { isRequestable: true, type: 'CreditCard' } : { isRequestable: false }),

    /**
     * A shopper back on the card sheet (from the list or another option) means to pay with what it
     * shows next: the card handed over before is not handed over again without a new tokenization.
     */
    shown() {
      form?.forget();
    },

    retext() {
      form?.retext();
    },

    snapshot(parts) {
      parts.card = form && context.paymentOptions().includes('card') ? form.snapshot() : null;
    },

    /** The card frames were made anew, or went: the loading phase waits for those it has now, or none. */
    setFrames(frames: CardFrames | null) {
      if (frames === (form?.frames ?? null)) return;
      form?.teardown();
      form = frames && formOver(frames);
      if (frames) follow(frames);
      else context.ready();
      complete = false;
      context.requestableChanged();
      context.changed();
      context.leave();
    },

    /** The shopper checked or unchecked "Save card". */
    saveCard(checked: boolean) {
      form?.setSaveCard(checked);
    },

    /**
     * The card handed over went through the whole request and is listed: its values leave the
     * fields, unless the merchant keeps them (`clearFieldsAfterTokenization: false`).
     */
    delivered() {
      if (card()?.clearFieldsAfterTokenization !== false) form?.clear();
    },

    /** Empties the fields and forgets the card handed over. */
    clear() {
      form?.clear();
      complete = false;
    },
  };
}

/** The drop-in 1.4x's names of brands the panel names otherwise (`SupportedCardBrands`). */
const DROPIN_BRAND_NAMES: Readonly<Record<string, string>> = {
  mastercard: 'master-card',
  'union-pay': 'unionpay',
};

/** `supportedCardBrands` under the panel's brand types; the panel's own name wins over the drop-in's. */
function panelBrandNames(brands: SupportedCardBrands | undefined): Record<string, boolean> | undefined {
  if (!brands) return undefined;
  const named: Record<string, boolean> = {};
  for (const [brand, supported] of Object.entries(brands)) {
    const type = DROPIN_BRAND_NAMES[brand];
    if (type === undefined) named[brand] = supported;
    else if (!Object.hasOwn(brands, type)) named[type] = supported;
  }
  return named;
}
