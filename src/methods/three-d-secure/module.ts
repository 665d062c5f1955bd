/**
 * Entry of the 3D Secure file (`modules/three-d-secure.js`), loaded only when a merchant verifies
 * cards with 3D Secure (the panel's option, or `paymentPanel.createThreeDSecure()`).
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { madeOnHold } from '../../client/hold';
import { THREE_D_SECURE_2_ERRORS } from '../../shared/errors/catalogues/three-d-secure';
import { defineModule } from '../../shared/module-registry';
import { holdSongbird, offeredVersion, songbirdSettings } from './songbird';
import { createThreeDSecure, type ThreeDSecure, type ThreeDSecureOptions } from './three-d-secure';

/** What the 3D Secure file gives the panel. */
export interface ThreeDSecureModule {
  createThreeDSecure: typeof createThreeDSecure;
  offeredVersion: typeof offeredVersion;
  /**
   * Whether a code is one of 3D Secure 2's (Songbird's, the lookup's, the issuer's challenge): the
   * panel tells the shopper one text for them all. Here, so the panel's runtime file does not carry
   * their messages.
   */
  isVersion2Error: (code: string) => boolean;
  /**
   * `paymentPanel.createThreeDSecure()`: 3D Secure on `held`, a hold of its own on the client,
   * released when it cannot be made or is torn down.
   */
  standalone(held: Promise<GatewayClient>, options: ThreeDSecureOptions): Promise<ThreeDSecure>;
  /**
   * Resolves once Songbird is set up for the client's merchant with `config` (at once without 3D
   * Secure 2); rejects with Songbird's set-up error. Held only while waiting: a 3D Secure made with
   * the same settings keeps it.
   */
  songbirdReady(client: GatewayClient, config?: Record<string, unknown>): Promise<void>;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'three-d-secure': ThreeDSecureModule;
  }
}

defineModule('three-d-secure', {
  createThreeDSecure,
  offeredVersion,
  isVersion2Error: (code) => Object.hasOwn(THREE_D_SECURE_2_ERRORS, code),
  standalone: (held, options) => madeOnHold(held, (client) => createThreeDSecure(client, options)),
  async songbirdReady(client, config) {
    const settings = songbirdSettings(client);
    if (!settings) return;
    if (config) settings.config = config;
    const handle = holdSongbird(settings);
    try {
      await handle.ready;
    } finally {
      handle.release();
    }
  },
});
