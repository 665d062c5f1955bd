/**
 * Device data for fraud checks (PROTOCOL §9). The reference loads Kount and PayPal scripts and
 * frames from third-party hosts; this project contacts no third party: the ids are made here and
 * one beacon reports them to the gateway.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import { ANALYTICS_REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { ENDPOINTS, endpointPath } from '../../shared/endpoints';
import { createError } from '../../shared/errors';

/** Options of {@link createDataCollector}; at least one must be `true`. */
export interface DataCollectorOptions {
  /** Collect Kount device data: `device_session_id` and `fraud_merchant_id`. */
  kount?: boolean;
  /** Collect PayPal device data: `correlation_id`. */
  paypal?: boolean;
}

/** A running data collector. */
export interface DataCollector {
  /**
   * The device data to send with the nonce, a JSON string with keys in this order:
   * `device_session_id` and `fraud_merchant_id` (Kount), `correlation_id` (PayPal).
   */
  readonly deviceData: string;
  /** Stops the collector. Rejects with `METHOD_CALLED_AFTER_TEARDOWN` when called again. */
  teardown(): Promise<void>;
}

/** The ids in the order they appear in `deviceData`. */
interface DeviceDataIds {
  device_session_id?: string;
  fraud_merchant_id?: string | null;
  correlation_id?: string;
}

/**
 * Time-out of the device data report, in milliseconds. The report is best effort, like analytics,
 * so it holds up the collector no longer than an analytics request.
 */
export const DEVICE_DATA_REPORT_TIMEOUT_MS = ANALYTICS_REQUEST_TIMEOUT_MS;

interface KountData {
  deviceSessionId: string;
  fraudMerchantId: string | null;
}

// Kount ties a device session to the merchant, so collectors for the same Kount merchant share one.
const kountCache = new Map<string | null, KountData>();

/** Forgets the cached Kount sessions (for tests). */
export function clearDataCollectorCache(): void {
  kountCache.clear();
}

/** 32 lowercase hexadecimal digits from the platform's secure random source. */
function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

function kountData(client: GatewayClient): KountData {
  const fraudMerchantId = client.configuration.gatewayConfiguration.kount?.kountMerchantId ?? null;
  let data = kountCache.get(fraudMerchantId);
  if (!data) {
    data = { deviceSessionId: randomId(), fraudMerchantId };
    kountCache.set(fraudMerchantId, data);
  }
  return data;
}

/**
 * Creates a data collector: makes the requested ids (a Kount session is reused for the same Kount
 * merchant) and reports them with one `POST device_data` to the gateway. The report is best effort:
 * its failure or time-out ({@link DEVICE_DATA_REPORT_TIMEOUT_MS}) is ignored. Rejects with `INVALID_OPTION` (`option: dataCollector`) when neither
 * `kount` nor `paypal` is `true`.
 */
export async function createDataCollector(
  client: GatewayClient,
  options: DataCollectorOptions,
): Promise<DataCollector> {
  // Read loosely: plain-JavaScript callers can leave the options out or pass other truthy values,
  // and only `true` turns a collector on, as in the reference.
  const loose = options as { kount?: unknown; paypal?: unknown } | undefined;
  const kount = loose?.kount === true;
  const paypal = loose?.paypal === true;
  if (!kount && !paypal) {
    throw createError(
      'INVALID_OPTION',
      { option: 'dataCollector' },
      { reason: 'kount or paypal must be true' },
    );
  }
  const ids: DeviceDataIds = {};
  if (kount) {
    const { deviceSessionId, fraudMerchantId } = kountData(client);
    ids.device_session_id = deviceSessionId;
    ids.fraud_merchant_id = fraudMerchantId;
  }
  if (paypal) ids.correlation_id = randomId();
  const deviceData = JSON.stringify(ids);

  try {
    await client.request({
      method: ENDPOINTS.deviceData.method,
      endpoint: endpointPath('deviceData'),
      data: { deviceData: { ...ids } },
      timeout: DEVICE_DATA_REPORT_TIMEOUT_MS,
    });
  } catch {
    // Device data is best effort: a failed report must not keep the shopper from paying.
  }

  let tornDown = false;
  return {
    deviceData,
    teardown() {
      if (tornDown) {
        return Promise.reject(
          createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'teardown' }, { method: 'teardown' }),
        );
      }
      tornDown = true;
      return Promise.resolve();
    },
  };
}
