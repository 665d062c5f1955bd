/**
 * Starts the virtual display and WebKitGTK's driver once for the whole WebKit suite, hands the
 * driver's URL to the test workers and stops both when the run ends, failed or not.
 */
import { DRIVER_URL_VARIABLE, startWebKitDriver } from './webkit';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const service = await startWebKitDriver();
  // The workers inherit the runner's environment as it is after the global setup.
  process.env[DRIVER_URL_VARIABLE] = service.url;
  return () => service.stop();
}
