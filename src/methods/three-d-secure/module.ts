/**
 * Entry of the 3D Secure file (`modules/three-d-secure.js`), loaded only when a merchant verifies
 * cards with 3D Secure (the panel's option, or `paymentPanel.createThreeDSecure()`).
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { madeOnHold } from '../../client/hold';
import { defineModule } from '../../shared/module-registry';
import { offeredVersion } from './songbird';
import { createThreeDSecure, type ThreeDSecure, type ThreeDSecureOptions } from './three-d-secure';

/** What the 3D Secure file gives the panel. */
export interface ThreeDSecureModule {
  createThreeDSecure: typeof createThreeDSecure;
  offeredVersion: typeof offeredVersion;
  /**
   * `paymentPanel.createThreeDSecure()`: 3D Secure on `held`, a hold of its own on the client,
   * released when it cannot be made or is torn down.
   */
  standalone(held: Promise<GatewayClient>, options: ThreeDSecureOptions): Promise<ThreeDSecure>;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'three-d-secure': ThreeDSecureModule;
  }
}

defineModule('three-d-secure', {
  createThreeDSecure,
  offeredVersion,
  standalone: (held, options) => madeOnHold(held, (client) => createThreeDSecure(client, options)),
});
