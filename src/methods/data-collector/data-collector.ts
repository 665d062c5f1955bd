/**
 * Device data for the provider's fraud tools: Kount and PayPal fraudnet sessions started in the
 * merchant's page the way the provider's SDK starts them, and the `deviceData` string the merchant
 * sends to its server with the nonce, naming the same sessions.
 * @packageDocumentation
 */
import type { GatewayClient } from '../../client';
import type { DataCollectorOptions } from '../../model/options';
import { createError } from '../../shared/errors';
import { createLifetime } from '../../shared/lifetime';
import { refuseAfterTeardown } from '../../shared/refuse-after-teardown';
import './errors';
import { setupFraudnet } from './fraudnet';
import { clearKountSessions, setupKount } from './kount';

/** A running data collector. */
export interface DataCollector {
  /**
   * The device data to send with the nonce, a JSON string with keys in this order:
   * `device_session_id` and `fraud_merchant_id` (Kount), `correlation_id` (PayPal).
   */
  readonly deviceData: string;
  /**
   * Removes the frames, image and parameter block the collector added to the page. Rejects with
   * `METHOD_CALLED_AFTER_TEARDOWN` when called again.
   */
  teardown(): Promise<void>;
}

/** The ids in the order they appear in `deviceData`. */
interface DeviceDataIds {
  device_session_id?: string;
  fraud_merchant_id?: string | null;
  correlation_id?: string;
}

/** Forgets the Kount sessions of the page, so the next collector starts a new one (for tests). */
export function clearDataCollectorCache(): void {
  clearKountSessions();
}

/**
 * Creates a data collector for the client's merchant.
 *
 * With `kount`, it starts a Kount session (or reuses the page's session for the same Kount merchant)
 * and announces it to Kount through the environment's data path on the assets host; with `paypal`,
 * it starts a fraudnet session with PayPal's fraud script. Nothing waits for those requests: they
 * feed the provider's fraud tools, and the payment does not depend on them.
 *
 * Rejects with `DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS` when neither `kount` nor `paypal` is `true`,
 * `DATA_COLLECTOR_KOUNT_NOT_ENABLED` when Kount is asked for and the configuration has no `kount`,
 * and `DATA_COLLECTOR_KOUNT_ERROR` when the configuration's environment has no Kount data path; in
 * each case nothing is added to the page.
 */
export function createDataCollector(
  client: GatewayClient,
  options: DataCollectorOptions,
): Promise<DataCollector> {
  // A refusal thrown while starting becomes the promise's rejection.
  return new Promise((resolve) => {
    resolve(startCollector(client, options));
  });
}

function startCollector(client: GatewayClient, options: DataCollectorOptions): DataCollector {
  // Read loosely: plain-JavaScript callers can leave the options out or pass other truthy values,
  // and only `true` turns a collector on, as in the provider's SDK.
  const loose = options as { kount?: unknown; paypal?: unknown } | undefined;
  const kount = loose?.kount === true;
  const paypal = loose?.paypal === true;
  if (!kount && !paypal) throw createError('DATA_COLLECTOR_REQUIRES_CREATE_OPTIONS');

  const configuration = client.configuration.gatewayConfiguration;
  const ids: DeviceDataIds = {};
  const lifetime = createLifetime();
  const added: Element[] = [];
  lifetime.onEnd(() => {
    for (const element of added) element.remove();
  });
  if (kount) {
    if (!configuration.kount) throw createError('DATA_COLLECTOR_KOUNT_NOT_ENABLED');
    const session = setupKount({
      assetsUrl: configuration.assetsUrl,
      environment: configuration.environment,
      merchantId: configuration.kount.kountMerchantId ?? null,
    });
    ids.device_session_id = session.deviceSessionId;
    ids.fraud_merchant_id = session.fraudMerchantId;
    added.push(...session.elements);
  }
  if (paypal) {
    const fraudnet = setupFraudnet();
    ids.correlation_id = fraudnet.sessionId;
    added.push(...fraudnet.elements);
  }

  const collector: DataCollector = {
    deviceData: JSON.stringify(ids),
    teardown() {
      lifetime.end();
      return Promise.resolve();
    },
  };
  return refuseAfterTeardown(collector, lifetime, { promised: ['teardown'], detailed: true });
}
