/**
 * Device data collection, page side.
 * @packageDocumentation
 */
export { clearDataCollectorCache, createDataCollector, type DataCollector } from './data-collector';
