/**
 * What a wallet's file gives the panel, and the one wallet sheet every wallet's file makes with
 * it (docs/architecture.md, "Sheets"). A wallet's file defines its wallet ({@link WalletDefinition}:
 * its mark, its button's behaviour through {@link WalletIntegration}) and hands the panel
 * {@link walletModule} of it, so no wallet has code of its own in the panel's runtime, and the
 * sheet's code travels with the wallets' files rather than in the file every page loads. The panel
 * calls {@link WalletIntegration.pay} inside the shopper's click (a popup or a payment sheet may
 * only open there) and hears back through the handlers.
 * @packageDocumentation
 */
import type { GatewayClient } from '../client';
import type { Texts, TextKey } from '../i18n/en-US';
import type { PaymentOption, RawPaymentMethod, WalletOption } from '../model';
import type { PanelOptions } from '../model/options';
import { createError, isPanelError, registerErrors, type PanelError } from '../shared/errors';
import { createLifetime } from '../shared/lifetime';
import { PAYPAL_FLOW_FAILED } from '../shared/errors/catalogues/paypal';
import type { IconNode } from '../shared/icon-node';

/** How a wallet reports a payment it runs. */
export interface WalletHandlers {
  /** The payment is under way (`true`) or over (`false`). */
  busy(busy: boolean): void;
  /** The shopper approved and the gateway tokenized: the method to list. */
  paid(method: RawPaymentMethod): void;
  /** The payment failed; cancelling is not a failure and reports nothing. */
  failed(error: PanelError): void;
  /**
   * Tells the merchant (`errorOccurred`) and shows the shopper nothing: the shopper stepped back
   * (Venmo's `VENMO_APP_CANCELED`, `VENMO_DESKTOP_CANCELED`), or a second click found a payment
   * under way.
   */
  report(error: PanelError): void;
  /** The wallet's dialog shows (the QR code to scan), changes, or goes (`null`). */
  dialog(dialog: WalletDialogState | null): void;
}

/**
 * A dialog of the wallet's that the view draws in the panel's modal: the QR code a desktop shopper
 * scans with the phone (Venmo's). Its close is the wallet's own: a callback of the state, so the
 * first script carries nothing of it.
 */
export interface WalletDialogState {
  /** The QR code: modules per side (its quiet zone included) and an SVG path of the dark ones. */
  readonly qr: { readonly size: number; readonly path: string };
  /** The shopper scanned the code: the wallet waits for the approval. */
  readonly authorizing: boolean;
  /** The shopper closed the dialog (its button or Escape). */
  readonly close: () => void;
}

/** A wallet option's behaviour. */
export interface WalletIntegration {
  /**
   * Starts a payment with the merchant's option and the panel's language (e.g. `de_DE`); must be
   * called synchronously inside the shopper's click.
   */
  pay(
    options: Record<string, unknown> | undefined,
    locale: string | undefined,
    handlers: WalletHandlers,
  ): void;
  /**
   * Whether the wallet can pay on this page, for a wallet that has to ask (Google Pay's
   * `isReadyToPay`); a wallet without it can. `false` leaves the option out without a word; a
   * rejection (a catalogue error) leaves it out and tells the merchant.
   */
  ready?(): Promise<boolean>;
  /**
   * Finishes, once the wallet is ready, a payment the page was loaded with (Venmo's return): reports
   * it through the handlers as {@link pay} does. A wallet without it has none.
   */
  resume?(handlers: WalletHandlers): void;
  /**
   * The wallet's own button, for a wallet that draws it (Google's): there once {@link ready} said
   * yes. The panel places it in the sheet; its click starts the payment through the panel.
   */
  readonly button?: HTMLElement | null;
  /** Ends a payment under way and lets go of everything. */
  teardown(): void;
}

/** What the panel tells a wallet's file when it makes the wallet for one of its options. */
export interface WalletContext {
  /** The option the wallet is offered as: one file may serve two (PayPal's, PayPal Credit). */
  paymentOption: WalletOption;
  /** The merchant's option for it, as the panel was given it. */
  option: Record<string, unknown> | undefined;
  /**
   * The shadow root the wallet's own button will be placed in: a wallet that styles its button
   * puts the stylesheet there (Google's `buttonRootNode`), as the page's styles do not reach in.
   */
  buttonRootNode?: ShadowRoot;
  /**
   * The shopper clicked the wallet's own button: called synchronously inside the click, so the
   * panel starts the payment there.
   */
  onButtonClick: () => void;
}

/**
 * The part of a wallet's own button, named as the buttons the view draws are (`paypal-button`,
 * `apple-pay-button`); each is a part merchants style (docs/styling.md, "Parts").
 */
export type WalletButtonPart = 'google-pay-button';

/** What a wallet's file defines of its wallet. */
export interface WalletDefinition {
  /** The wallet's mark, which the panel shows beside its name and its saved methods. */
  icon: IconNode;
  /**
   * The part, and the view's slot, of the wallet's own button, for a wallet that draws one
   * ({@link WalletIntegration.button}).
   */
  buttonPart?: WalletButtonPart;
  /**
   * What the sheet says when `requestPaymentMethod()` is called on it, for a wallet whose button is
   * the only way on (Venmo's "Use the Venmo button to continue with your payment."); the generic
   * text otherwise.
   */
  requestText?: TextKey;
  /**
   * Makes the wallet for one of its options. Throws the catalogue error of a wallet that cannot
   * start for this merchant (e.g. `PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED`): its sheet then says it
   * cannot pay. What the wallet cannot use on this page or with these options leaves the option out
   * instead, through {@link WalletIntegration.ready}.
   */
  createWallet(client: GatewayClient, context: WalletContext): WalletIntegration;
}

/** A wallet's sheet as the view shows it. */
export interface WalletSheetState {
  /** Whether its button works; otherwise `note` says why, in the shopper's words. */
  readonly available: boolean;
  readonly note: string | null;
  /** A payment through it is under way. */
  readonly busy: boolean;
  /** The slot its own button shows through, for a wallet that draws it (Google's). */
  readonly button?: string;
  /** The wallet's dialog, while it shows. */
  readonly dialog?: WalletDialogState;
}

/** What a wallet's sheet gets from the panel: the part of the runtime's sheet context it uses. */
export interface WalletSheetContext {
  readonly client: GatewayClient;
  /** The panel's texts now. */
  readonly texts: () => Texts;
  /** The merchant's options now. */
  readonly options: () => PanelOptions;
  /** The options the merchant offers and the configuration enables, now. */
  readonly paymentOptions: () => readonly PaymentOption[];
  /** Whether an option is on offer now: asked for, available and not failed. */
  readonly isOffered: (option: PaymentOption) => boolean;
  /** The element the frames and a wallet's own button go into, in slots of the view. */
  readonly frameHost: Element;
  /** Aborted when the panel's runtime ends. */
  readonly signal: AbortSignal;
  /** The sheet has started: the panel stops waiting for it. */
  readonly ready: () => void;
  /** Something the sheet shows changed. */
  readonly changed: () => void;
  /** A sheet that can no longer be offered gives way to the first sheet when it shows. */
  readonly leave: () => void;
  /** Tells the merchant of an error (`errorOccurred`) without showing it. */
  readonly report: (error: PanelError) => void;
  /** Shows an error in the sheet-level area and tells the merchant (`errorOccurred`). */
  readonly showError: (error: PanelError) => void;
  /** Lists a method the shopper made through the sheet, selects it and shows the list. */
  readonly add: (method: RawPaymentMethod) => void;
  /** The sheet's mark, from its file: the panel shows it whatever becomes of the sheet. */
  readonly icon: (icon: IconNode) => void;
}

/** A wallet's sheet once its file is there; the panel's runtime loads the file and asks it for it. */
export interface WalletSheetPart {
  /**
   * Settles once the sheet has started, is left out or is no longer asked for; rejects with what
   * leaves the option out with a word to the merchant (the panel says it).
   */
  readonly started: Promise<void>;
  /** Whether the wallet is offered: with a working button, or a note why not. */
  readonly available: boolean;
  /** What the sheet says to `requestPaymentMethod()` (see {@link WalletDefinition.requestText}). */
  readonly requestText?: TextKey | undefined;
  /** Pays with the wallet; called synchronously inside the shopper's click on its button. */
  pay(): void;
  /** Puts the sheet's state among the wallets' the view renders. */
  snapshot(wallets: Partial<Record<WalletOption, WalletSheetState>>): void;
  teardown(): void;
}

/** What every wallet's file gives the panel (its module's exports). */
export interface WalletModule {
  /** Starts the wallet's sheet for one of its options. */
  startSheet(context: WalletSheetContext, option: WalletOption): WalletSheetPart;
}

// The code of a wallet failing to start for no known reason, which every wallet's file may give.
registerErrors({ PAYPAL_FLOW_FAILED });

/** The codes with a note of their own when a wallet cannot start; any other has the generic one. */
const NOTES: Readonly<Partial<Record<string, TextKey>>> = {
  PAYPAL_SANDBOX_ACCOUNT_NOT_LINKED: 'sandboxAccountNotLinked',
};

/**
 * The one wallet sheet, over a wallet's definition: makes the wallet, waits for it to say it can
 * pay on this page, places its own button when it draws one, and pays through it inside the
 * shopper's click. A wallet that cannot be used with these options leaves the option out, with a
 * word to the merchant; one that answers it cannot pay on this page (Google's `isReadyToPay`)
 * leaves it out without a word; one that cannot start for this merchant stays, its sheet saying
 * why.
 */
/**
 * The merchant's option of a wallet as its file reads it: a record, whose keys the file checks
 * itself (the published types name only the keys a checkout is likely to write).
 */
function optionOf(context: WalletSheetContext, option: WalletOption): Record<string, unknown> | undefined {
  return context.options()[option] as Record<string, unknown> | undefined;
}

function startWalletSheet(
  wallet: WalletDefinition,
  context: WalletSheetContext,
  option: WalletOption,
): WalletSheetPart {
  const lifetime = createLifetime();
  const ended = context.signal;
  let integration: WalletIntegration | undefined;
  let state: WalletSheetState = { available: true, note: null, busy: false };
  /** The wallet's dialog while it shows. */
  let dialog: WalletDialogState | null = null;
  /** Why the wallet cannot pay (a catalogue code), when it cannot. */
  let unavailable: string | undefined;
  let available = false;

  const handlers: WalletHandlers = {
    busy: (busy) => {
      state = { ...state, busy };
      context.changed();
    },
    paid: (method) => {
      if (!ended.aborted) context.add(method);
    },
    failed: (error) => {
      if (!ended.aborted) context.showError(error);
    },
    report: (error) => {
      if (!ended.aborted) context.report(error);
    },
    dialog: (shown) => {
      dialog = shown;
      if (!ended.aborted) context.changed();
    },
  };

  const pay = (): void => {
    const made = integration;
    if (!available || !made || ended.aborted || !context.isOffered(option)) return;
    const locale = context.frameHost.closest('[lang]')?.getAttribute('lang')?.replace('-', '_');
    made.pay(optionOf(context, option), locale, handlers);
  };

  // An option the merchant took away meanwhile is no longer waited for.
  const gone = (): boolean => {
    if (ended.aborted || context.paymentOptions().includes(option)) return ended.aborted;
    context.ready();
    return true;
  };

  const start = async (): Promise<void> => {
    let made: WalletIntegration | undefined;
    try {
      context.icon(wallet.icon);
      if (gone()) return;
      const root = context.frameHost.getRootNode();
      try {
        made = wallet.createWallet(context.client, {
          paymentOption: option,
          option: optionOf(context, option),
          ...(root instanceof ShadowRoot ? { buttonRootNode: root } : {}),
          onButtonClick: pay,
        });
      } catch (error) {
        // A merchant whose wallet cannot start learns why once; the sheet tells the shopper.
        const refusal = isPanelError(error) ? error : createError('PAYPAL_FLOW_FAILED');
        unavailable = refusal.code;
        state = { available: false, note: null, busy: false };
        context.report(refusal);
      }
      if (made?.ready && !(await made.ready())) {
        // The browser cannot pay with this wallet: the option is not offered, and nothing is wrong.
        made.teardown();
        if (ended.aborted) return;
        context.ready();
        context.changed();
        context.leave();
        return;
      }
      if (gone()) {
        made?.teardown();
        return;
      }
      integration = made;
      const button = made?.button;
      const part = wallet.buttonPart;
      if (button && part) {
        // The wallet's own button shows through the sheet's slot, as the card frames do.
        const host = context.frameHost.ownerDocument.createElement('div');
        host.slot = part;
        host.setAttribute('part', part);
        host.append(button);
        context.frameHost.append(host);
        lifetime.onEnd(() => {
          host.remove();
        });
        state = { ...state, button: part };
      }
      available = true;
      context.ready();
      context.changed();
      made?.resume?.(handlers);
    } catch (error) {
      made?.teardown();
      throw error;
    }
  };

  lifetime.onEnd(() => {
    integration?.teardown();
  });

  return {
    // A wallet with nothing to wait for would be ready before the panel holds this part and could ask
    // whether it is available: it starts once the part is returned.
    started: Promise.resolve().then(start),
    get available() {
      return available;
    },
    requestText: wallet.requestText,
    pay,
    snapshot(wallets) {
      if (!available) return;
      // A note is read when shown: the texts may have arrived (or changed) since the wallet started.
      const shown = unavailable
        ? { ...state, note: context.texts().text(NOTES[unavailable] ?? 'genericError') }
        : state;
      wallets[option] = dialog ? { ...shown, dialog } : shown;
    },
    teardown() {
      lifetime.end();
    },
  };
}

/** What a wallet's file gives the panel, over its wallet's definition. */
export function walletModule(wallet: WalletDefinition): WalletModule {
  return {
    startSheet: (context, option) => startWalletSheet(wallet, context, option),
  };
}
