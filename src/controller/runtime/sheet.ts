/**
 * The one interface every sheet of the runtime meets, and what the coordinator gives each
 * (docs/architecture.md, "Sheets"). A sheet is a payment option's part of the panel (the card,
 * each wallet, the saved methods) or a step every request takes (3D Secure, device data); each has
 * the same lifecycle: it starts, says when it is ready, takes part in each request, and is torn
 * down.
 * @packageDocumentation
 */
import type { PaymentOption, RawPaymentMethod, WalletOption } from '../../model';
import type { ThreeDSecureRequestOptions } from '../../model/options';
import type { PanelModel, RequestableOptions } from '../../model/panel-model';
import type { WalletSheetContext } from '../../methods/wallet';
import type { PanelError } from '../../shared/errors';
import type { PaymentPanelEventDetails, PaymentPanelEventName } from '../events';
import type { ModuleLoader } from '../module-loader';
import type { CardSheetState, SheetId, VaultManagerState, WalletSheetState } from '../view-contract';

/**
 * A sheet's name: the payment option it is the sheet of, `methods` (the saved methods, which the
 * option list shows too), or the step it takes in every request. It is also the sheet's name in
 * the loading phase.
 */
export type SheetName = PaymentOption | 'methods' | 'vaultManager' | 'threeDSecure' | 'dataCollector';

/** A request for the merchant's payment method as it passes the sheets, in the registry's order. */
export interface PaymentDraft {
  /** The sheet the shopper is on: its sheet hands over the method. */
  readonly on: SheetId | null;
  /** The request's own 3D Secure options, over the merchant's option. */
  readonly threeDSecure: ThreeDSecureRequestOptions | undefined;
  /** The method handed over, once a sheet has; the steps after it verify or complete it. */
  method?: RawPaymentMethod;
  /** The method is new (a card the shopper just typed): it is listed once the request is through. */
  isNew?: boolean;
  /** The device data the payload carries. */
  deviceData?: string;
}

/** What the sheets put in the state the view renders, each its own part. */
export interface SheetsStateParts {
  card: CardSheetState | null;
  wallets: Partial<Record<WalletOption, WalletSheetState>>;
  verifying: boolean;
  vaultManager: VaultManagerState | null;
}

/** A sheet: the lifecycle every sheet has, and what the coordinator asks of those that answer. */
export interface Sheet {
  /**
   * Starts what the sheet needs (its file, its frames, its call). The loading phase waits until the
   * sheet says it is ready, through {@link SheetContext.ready}; a sheet the panel does not wait for
   * says so at once.
   */
  start(): void;
  /**
   * The sheet's part in a request: the sheet the shopper is on hands over its method; 3D Secure
   * then verifies it and device data is added. A sheet with nothing to add leaves the draft as it is.
   */
  request(draft: PaymentDraft): Promise<void>;
  /** Lets go of everything the sheet made. */
  teardown(): void;
  /** Whether a payment option's sheet can be offered now (its option listed). */
  readonly available?: boolean;
  /**
   * What `requestPaymentMethod()` can hand over while the sheet shows, without the shopper doing
   * more; `null` leaves it as it is (a method just selected becomes requestable after a moment). A
   * sheet without it hands over nothing.
   */
  requestable?(): RequestableOptions | null;
  /** The sheet is shown, having not been. */
  shown?(): void;
  /** The texts changed: what the sheet shows in the shopper's words is read again. */
  retext?(): void;
  /** The merchant changed an option. */
  optionsChanged?(): void;
  /** Puts the sheet's part of the state the view renders. */
  snapshot?(parts: SheetsStateParts): void;
}

/**
 * What a sheet gets from the coordinator: one context per sheet, bound to its name; what a wallet's
 * sheet uses of it is declared where that sheet is (src/methods/wallet.ts). Its functions need no
 * `this`, so a sheet may take them apart.
 */
export interface SheetContext extends WalletSheetContext {
  /** The panel's state, which the coordinator owns: a sheet reads it and lists methods in it. */
  readonly model: PanelModel;
  readonly loadModule: ModuleLoader;
  /**
   * The sheet has started: the loading phase stops waiting for it. With the catalogue error that
   * leaves the sheet out, the panel records it (the first such failure is the panel's when nothing
   * is left to pay with). Only a sheet's first call counts.
   */
  readonly ready: (error?: PanelError) => void;
  /** What the sheet can hand over changed: the panel's requestability follows while it shows. */
  readonly requestableChanged: () => void;
  /** Tells the shopper something in the sheet-level area until the next request or sheet. */
  readonly notice: (text: string) => void;
  /** Keeps a cleanup the element's `teardown()` waits for. */
  readonly track: (pending: Promise<unknown>) => void;
  /** Fires one of the element's events a sheet is the source of (the card's, 3D Secure's). */
  readonly fire: <K extends PaymentPanelEventName>(name: K, detail: PaymentPanelEventDetails[K]) => void;
}
