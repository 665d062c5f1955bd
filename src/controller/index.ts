/**
 * The panel without a UI framework: the controller each `<payment-panel>` owns, the interface its
 * view reads, the merchant's options and the panel's events.
 * @packageDocumentation
 */
export { PanelController, type ControllerDependencies } from './panel-controller';
export {
  BANK_FRAME_SLOT,
  VIEW_TAG_NAME,
  fieldSlot,
  type CardSheetState,
  type ViewController,
  type ViewState,
  type SheetField,
  type SheetId,
  type SheetsState,
  type WalletOption,
  type WalletDialogState,
  type WalletSheetState,
  type VaultManagerAction,
  type VaultManagerState,
} from './view-contract';
export { FIELD_LABELS } from './card-frames';
export { viewControllerOf, registerViewController } from './view-registry';
export type * from './events';
