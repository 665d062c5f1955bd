/**
 * Entry of the standalone hosted fields' file (`modules/hosted-fields.js`), loaded by
 * `paymentPanel.createHostedFields()` beside its configuration call.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { createHostedFields } from './create-hosted-fields';

/** What the standalone hosted fields' file gives the first script. */
export interface HostedFieldsModule {
  createHostedFields: typeof createHostedFields;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'hosted-fields': HostedFieldsModule;
  }
}

defineModule('hosted-fields', { createHostedFields });
