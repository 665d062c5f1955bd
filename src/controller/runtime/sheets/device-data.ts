/**
 * Device data's step of every request: the data collector the merchant's `dataCollector` option
 * asks for (made anew when the option changes), whose device data every payload carries.
 * @packageDocumentation
 */
import type { DataCollector } from '../../../methods/data-collector';
import type { DataCollectorOptions, DataCollectorSettings } from '../../../model/options';
import { createError, isPanelError } from '../../../shared/errors';
import { createLifetime } from '../../../shared/lifetime';
import type { Sheet, SheetContext } from '../sheet';

/**
 * What the collector collects for the merchant's option. An object naming a collector (`kount` or
 * `paypal` `true`, the 1.9.2 form) collects those alone; `true`, or an object naming none (the
 * drop-in's later form, `kount` then `false` or left out), collects PayPal's device data, as the
 * drop-in's collector did, unless `paypal` is `false`. The rest of an object passes through.
 */
export function collectorOptions(option: Exclude<DataCollectorOptions, false>): DataCollectorSettings {
  const given = option === true ? {} : option;
  if (given.kount === true || given.paypal === true) return given;
  return { ...given, paypal: given.paypal !== false };
}

/** The device data's sheet. */
export function createDeviceDataSheet(context: SheetContext): Sheet {
  const lifetime = createLifetime();
  let collector: DataCollector | null = null;
  /** The option the collector is (being) made for, as JSON. */
  let collectorKey = 'null';

  const sync = (): void => {
    const wanted = context.options().dataCollector;
    const key = JSON.stringify(wanted ?? null);
    if (key === collectorKey || context.signal.aborted) return;
    collectorKey = key;
    if (collector) context.track(collector.teardown());
    collector = null;
    if (!wanted) return;
    void (async () => {
      try {
        const { createDataCollector } = await context.loadModule('data-collector');
        const created = await createDataCollector(context.client, collectorOptions(wanted));
        if (context.signal.aborted || collectorKey !== key) {
          context.track(created.teardown());
          return;
        }
        collector = created;
        context.ready();
      } catch (reason) {
        if (context.signal.aborted || collectorKey !== key) return;
        const error = isPanelError(reason)
          ? reason
          : createError('INVALID_OPTION', { option: 'dataCollector' });
        // A collector that fails leaves deviceData out of the payloads; the panel still pays, and
        // `paymentPanel.create()` does not fail for it. The merchant hears why.
        context.ready();
        context.report(error);
      }
    })();
  };

  // The collector's teardown is kept for the element's `teardown()` to wait for.
  lifetime.onEnd(() => {
    if (collector) context.track(collector.teardown());
  });

  return {
    /** The loading phase waits for the collector the merchant asks for, or for none. */
    start() {
      sync();
      if (!context.options().dataCollector) context.ready();
    },

    request(draft) {
      draft.deviceData = collector?.deviceData;
      return Promise.resolve();
    },

    teardown() {
      lifetime.end();
    },

    optionsChanged: sync,
  };
}
