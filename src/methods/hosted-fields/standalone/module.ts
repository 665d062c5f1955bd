/**
 * Entry of the standalone hosted fields' file (`modules/hosted-fields.js`), loaded by
 * `paymentPanel.createHostedFields()` beside its configuration call.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../../client';
import { madeOnHold } from '../../../client/hold';
import { mergeStyles } from '../../../shared/field-styles';
import { defineModule } from '../../../shared/module-registry';
import { createHostedFields, type HostedFieldsOptions } from './create-hosted-fields';
import type { HostedFields } from '../index';

/** What the standalone hosted fields' file gives the first script. */
export interface HostedFieldsModule {
  /**
   * `paymentPanel.createHostedFields()`: the fields on `held`, a hold of their own on the client,
   * released when they fail to come or are torn down.
   */
  standalone(
    held: Promise<GatewayClient>,
    options: Omit<HostedFieldsOptions, 'client'>,
  ): Promise<HostedFields>;
  /**
   * A merchant's field styles laid over the panel's look, through the whitelist: the panel's card
   * sheet loads this file for it only when the merchant sets `card.overrides.styles`, as the
   * whitelist is this file's.
   */
  mergeStyles: typeof mergeStyles;
}

declare module '../../../shared/module-registry' {
  interface PanelModules {
    'hosted-fields': HostedFieldsModule;
  }
}

defineModule('hosted-fields', {
  standalone: (held, options) => madeOnHold(held, (client) => createHostedFields({ ...options, client })),
  mergeStyles,
});
