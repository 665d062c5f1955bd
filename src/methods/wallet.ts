/**
 * What a wallet's file gives the panel for one of its options: a button's behaviour. The panel
 * calls {@link WalletIntegration.pay} inside the shopper's click (a popup or a payment sheet may
 * only open there) and hears back through the handlers.
 * @packageDocumentation
 */
import type { RawPaymentMethod } from '../model';
import type { PanelError } from '../shared/errors';

/** How a wallet reports a payment it runs. */
export interface WalletHandlers {
  /** The payment is under way (`true`) or over (`false`). */
  busy(busy: boolean): void;
  /** The shopper approved and the gateway tokenized: the method to list. */
  paid(method: RawPaymentMethod): void;
  /** The payment failed; cancelling is not a failure and reports nothing. */
  failed(error: PanelError): void;
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
   * The wallet's own button, for a wallet that draws it (Google's): there once {@link ready} said
   * yes. The panel places it in the sheet; its click starts the payment through the panel.
   */
  readonly button?: HTMLElement | null;
  /** Ends a payment under way and lets go of everything. */
  teardown(): void;
}
