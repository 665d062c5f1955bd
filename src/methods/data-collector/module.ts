/**
 * Entry of the data collector file (`modules/data-collector.js`), loaded only when a merchant asks
 * for device data.
 * @packageDocumentation
 */
import { defineModule } from '../../shared/module-registry';
import { createDataCollector } from './data-collector';

/** What the data collector file gives the panel. */
export interface DataCollectorModule {
  createDataCollector: typeof createDataCollector;
}

declare module '../../shared/module-registry' {
  interface PanelModules {
    'data-collector': DataCollectorModule;
  }
}

defineModule('data-collector', { createDataCollector });
