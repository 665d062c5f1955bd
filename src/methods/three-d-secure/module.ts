/**
 * Entry of the 3D Secure file (`modules/three-d-secure.js`), loaded only when a merchant verifies
 * cards with 3D Secure (the panel's option, or `paymentPanel.createThreeDSecure()`).
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { offeredVersion } from './songbird';
import { createThreeDSecure } from './three-d-secure';

/** What the 3D Secure file gives the panel. */
export interface ThreeDSecureModule {
  createThreeDSecure: typeof createThreeDSecure;
  offeredVersion: typeof offeredVersion;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'three-d-secure': ThreeDSecureModule;
  }
}

defineModule('three-d-secure', { createThreeDSecure, offeredVersion });
