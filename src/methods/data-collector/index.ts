/**
 * Device data collection, page side.
 * @packageDocumentation
 */
export {
  clearDataCollectorCache,
  createDataCollector,
  DEVICE_DATA_REPORT_TIMEOUT_MS,
  type DataCollector,
  type DataCollectorOptions,
} from './data-collector';
