/**
 * The panel without a UI framework: the controller each `<payment-panel>` owns, the interface its
 * view reads, the merchant's options and the panel's events.
 * @packageDocumentation
 */
export { PanelController, type ControllerDependencies } from './panel-controller';
export {
  BANK_FRAME_SLOT,
  GOOGLE_PAY_BUTTON_SLOT,
  VIEW_TAG_NAME,
  fieldSlot,
  type CardViewState,
  type PanelView,
  type PanelViewState,
  type SheetField,
  type ViewId,
  type ViewsState,
  type WalletOption,
  type WalletViewState,
} from './view-contract';
export { FIELD_LABELS } from './card-frames';
export { viewControllerOf, registerViewController } from './view-registry';
export type * from './events';
