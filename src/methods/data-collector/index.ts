/**
 * Device data collection, page side.
 * @packageDocumentation
 */
export {
  clearDataCollectorCache,
  createDataCollector,
  type DataCollector,
  type DataCollectorOptions,
} from './data-collector';
