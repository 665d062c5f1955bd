/**
 * The registry of the sheets: which sheets a panel has, made here and nowhere else
 * (docs/architecture.md, "Adding a payment option").
 * @packageDocumentation
 */
import type { PaymentOption, WalletOption } from '../../model';
import type { CardFrames } from '../card-frames';
import type { Sheet, SheetContext, SheetName } from './sheet';
import { createCardSheet } from './sheets/card';
import { createDeviceDataSheet } from './sheets/device-data';
import { createSavedMethodsSheet } from './sheets/saved-methods';
import { createThreeDSecureSheet } from './sheets/three-d-secure';
import { createVaultManagerSheet, type VaultManagerSheet } from './sheets/vault-manager';
import { createWalletSheet, type WalletSheet } from './sheets/wallet';

/** A panel's sheets: every one by name, and those the view's actions and the controller reach. */
export interface PanelSheets {
  /** Every sheet, in the order they start and a request passes them. */
  readonly all: Map<SheetName, Sheet>;
  /** The wallets' sheets, by option: the same sheets as in {@link PanelSheets.all}. */
  readonly wallets: Map<WalletOption, WalletSheet>;
  readonly card: ReturnType<typeof createCardSheet>;
  readonly threeDSecure: ReturnType<typeof createThreeDSecureSheet>;
  readonly methods: ReturnType<typeof createSavedMethodsSheet>;
  readonly vaultManager: VaultManagerSheet;
}

/** Whether an option is a wallet's: every wallet has the one wallet sheet. */
export function isWallet(option: PaymentOption): option is WalletOption {
  return option !== 'card';
}

/** Makes the sheet of a wallet option, from the option's file, and lists it. */
export function addWalletSheet(
  sheets: PanelSheets,
  option: WalletOption,
  context: SheetContext,
): WalletSheet {
  const sheet = createWalletSheet(context, option);
  sheets.all.set(option, sheet);
  sheets.wallets.set(option, sheet);
  return sheet;
}

/**
 * Makes a panel's sheets, in the order they start and a request passes them: the saved methods and
 * the options' sheets hand over a method (the one the shopper is on; the vault manager, which
 * deletes saved methods, hands over none), then 3D Secure verifies it, then device data is added.
 * @param paymentOptions - the options on offer: a wallet's sheet is made for each
 * @param frames - the card frames of the session, if the card is offered
 * @param contextOf - the context of the sheet of each name
 */
export function createSheets(
  paymentOptions: readonly PaymentOption[],
  frames: CardFrames | null,
  contextOf: (name: SheetName) => SheetContext,
): PanelSheets {
  const card = createCardSheet(contextOf('card'), frames);
  const threeDSecure = createThreeDSecureSheet(contextOf('threeDSecure'));
  const methods = createSavedMethodsSheet(contextOf('methods'));
  const vaultManager = createVaultManagerSheet(contextOf('vaultManager'));
  const sheets: PanelSheets = {
    all: new Map(),
    wallets: new Map(),
    card,
    threeDSecure,
    methods,
    vaultManager,
  };
  sheets.all.set('methods', methods);
  sheets.all.set('vaultManager', vaultManager);
  sheets.all.set('card', card);
  for (const option of paymentOptions.filter(isWallet)) addWalletSheet(sheets, option, contextOf(option));
  sheets.all.set('threeDSecure', threeDSecure);
  sheets.all.set('dataCollector', createDeviceDataSheet(contextOf('dataCollector')));
  return sheets;
}
