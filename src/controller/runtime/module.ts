/**
 * Entry of the panel's runtime file (`modules/panel.js`): the coordinator of the sheets and the
 * sheets (docs/architecture.md, "Sheets") — the panel model, the loading phase, the card, the saved
 * methods, 3D Secure, device data, what loads each wallet's sheet, and `requestPaymentMethod()` —
 * the locale files' integrity, and the instance `paymentPanel.create()` resolves with.
 * The first script loads it beside the view while the configuration call and the card frames run,
 * so that itself stays small.
 * @packageDocumentation
 */
import { fetchLocale } from '../../i18n/locale-integrity';
import { readThreeDSecureOption } from '../../model/three-d-secure-options';
import { defineModule } from '../../shared/module-registry';
import { panelInstance } from './panel-instance';
import { SheetCoordinator } from './coordinator';

/** What the panel's runtime file gives the controller, and `paymentPanel.create()` its instance. */
export interface PanelModule {
  SheetCoordinator: typeof SheetCoordinator;
  /** The integrity of a locale's file, which the first script has no room for. */
  fetchLocale: typeof fetchLocale;
  panelInstance: typeof panelInstance;
  /** The `threeDSecure` option's keys, read for the element once this file is there. */
  readThreeDSecureOption: typeof readThreeDSecureOption;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    panel: PanelModule;
  }
}

defineModule('panel', { SheetCoordinator, fetchLocale, panelInstance, readThreeDSecureOption });
