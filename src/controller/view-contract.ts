/**
 * What the view reads of the controller, and what it may ask of it: the one small interface
 * between the framework-free panel and its React view (docs/architecture.md, "Layers"). The view
 * renders {@link ViewState} and forwards the shopper's actions; it decides nothing.
 * @packageDocumentation
 */
import type { Texts } from '../i18n/en-US';
import type { PaymentOption, RawPaymentMethod } from '../model';
import type { CardBrandType } from '../shared/card-brands';
import type { PanelError } from '../shared/errors';
import type { IconNode } from '../shared/icon-node';
import type { WalletDialogState, WalletSheetState } from '../methods/wallet';

export type { WalletDialogState, WalletSheetState };

/**
 * A sheet: what the panel shows at a time, the saved methods, the option list, an option's own
 * sheet, or the vault manager's question whether to delete a saved method (`delete-confirmation`,
 * the provider's drop-in's id of it; docs/vault-manager.md). The panel model calls it the active
 * view (`changeActiveView`).
 */
export type SheetId = 'methods' | 'options' | 'delete-confirmation' | PaymentOption;

/** A field of the card sheet. */
export type SheetField = 'cardholderName' | 'number' | 'expirationDate' | 'cvv' | 'postalCode';

/** A wallet's option. */
export type WalletOption = Exclude<PaymentOption, 'card'>;

/** The card sheet as the view shows it. */
export interface CardSheetState {
  /** The fields, in the order the sheet shows them. */
  readonly fields: readonly SheetField[];
  /** Whether every field's frame is ready. */
  readonly ready: boolean;
  /** Brands the merchant accepts, for the accepted-card icons. */
  readonly supported: readonly CardBrandType[];
  /** The brand the number is, once it is known. */
  readonly brand: CardBrandType | null;
  /** Each field's inline error, in the shopper's words. */
  readonly errors: Readonly<Partial<Record<SheetField, string>>>;
  /** The field whose input has focus. */
  readonly focused: SheetField | null;
  /** The card sheet's own error (a failed tokenization, fields that could not load). */
  readonly message: string | null;
  /** Whether "Save card" is checked; `null` when the sheet shows no such checkbox. */
  readonly saveCard?: boolean | null;
}

/** The vault manager as the view shows it: whether the saved methods are being edited, and what is asked. */
export interface VaultManagerState {
  /** The saved methods show as delete buttons, under "Edit payment methods". */
  readonly editing: boolean;
  /** The method the shopper chose to delete, while its confirmation shows. */
  readonly confirming: RawPaymentMethod | null;
  /** The confirmation's question, in the shopper's words. */
  readonly question: string;
  /** The deletion is under way: the confirmation takes no other answer. */
  readonly deleting: boolean;
  /** The method whose confirmation the shopper cancelled: its button takes the focus back. */
  readonly returnTo: RawPaymentMethod | null;
}

/** What the shopper does in the vault manager (docs/vault-manager.md). */
export type VaultManagerAction =
  | { readonly type: 'edit' }
  | { readonly type: 'cancelEditing' }
  | { readonly type: 'choose'; readonly method: RawPaymentMethod }
  | { readonly type: 'cancelDelete' }
  | { readonly type: 'confirmDelete' };

/** The sheets once the panel is connected: which one shows, and what each shows. */
export interface SheetsState {
  readonly activeView: SheetId | null;
  /** The options on offer, in the merchant's order, without those that failed to load. */
  readonly offered: readonly PaymentOption[];
  /** The methods listed: saved ones and those added this visit. */
  readonly methods: readonly RawPaymentMethod[];
  readonly activeMethod: RawPaymentMethod | null;
  /** The sheet-level message, in the shopper's words. */
  readonly message: string | null;
  /** The card sheet, when the card is offered. */
  readonly card: CardSheetState | null;
  /** The wallets' sheets, by option. */
  readonly wallets: Readonly<Partial<Record<WalletOption, WalletSheetState>>>;
  /** The wallets' marks, each from its file once loaded: the view carries none of its own. */
  readonly icons: Readonly<Partial<Record<WalletOption, IconNode>>>;
  /** The 3D Secure modal shows the bank's frame. */
  readonly verifying: boolean;
  /** The vault manager, when the merchant offers it to a customer; `null` otherwise. */
  readonly vaultManager: VaultManagerState | null;
  /** Grows each time focus should move to the active sheet's heading. */
  readonly focusRequest: number;
  /**
   * The saved methods are being fetched anew (their nonces pay once): until then the listed ones cannot be chosen,
   * edited or deleted.
   */
  readonly refreshing: boolean;
}

/** Everything the view renders. */
export interface ViewState {
  /** `loading` until every dependency has finished; `failed` when the panel cannot be used. */
  readonly phase: 'loading' | 'ready' | 'failed';
  readonly texts: Texts;
  /** Language tag and direction of the panel's locale. */
  readonly lang: string;
  readonly dir: 'ltr' | 'rtl';
  /** The sheets; `null` before the configuration is there and after a failure. */
  readonly sheets: SheetsState | null;
  /** Why the panel cannot be used, in the `failed` phase. */
  readonly failure: PanelError | null;
}

/** The controller as the view sees it. */
export interface ViewController {
  /** The current state: the same object until something changes (for `useSyncExternalStore`). */
  getState(): ViewState;
  /** Calls `listener` after every state change; returns its removal (a bound function, for `useSyncExternalStore`). */
  readonly subscribe: (listener: () => void) => () => void;
  /** The shopper picked an option from the list. */
  selectOption(option: PaymentOption): void;
  /** The shopper picked a listed method. */
  selectMethod(method: RawPaymentMethod): void;
  /** The shopper asked for the list of options ("Choose another way to pay"). */
  showOptions(): void;
  /** The shopper clicked a card field's label. */
  focusField(field: SheetField): void;
  /** The shopper checked or unchecked "Save card". */
  saveCard(checked: boolean): void;
  /**
   * The shopper clicked a wallet's button; must be called synchronously inside the click (a popup
   * or Apple's payment sheet may only open there).
   */
  payWith(option: WalletOption): void;
  /** The shopper closed the 3D Secure modal. */
  cancelVerification(): void;
  /** The shopper edits the saved methods, chooses one to delete, confirms or cancels. */
  vaultManager(action: VaultManagerAction): void;
  /** The view has rendered the panel's current state for the first time. */
  viewMounted(): void;
  /** The view has shown the panel ready (after the render of `phase: 'ready'`). */
  viewShown(): void;
  /**
   * The panel's look changed: the card frames take it on again. The view calls it when its linked
   * stylesheet has arrived (a browser without constructable stylesheets, docs/browsers.md).
   */
  restyle(): void;
}

/** Slot of the view through which a card field's frame shows. */
export function fieldSlot(field: SheetField): string {
  return `field-${field}`;
}

/** Slot of the view through which the 3D Secure bank frame shows. */
export const BANK_FRAME_SLOT = 'bank-frame';

/** Tag name of the view's element (defined by the view's file). */
export const VIEW_TAG_NAME = 'payment-panel-view';
