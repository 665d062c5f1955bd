/**
 * `paymentPanel.create()`: the script API for merchants moving off the retired drop-in. It takes the
 * drop-in's option names and returns an instance with the drop-in's methods, promise- or
 * callback-style, plus `on`, `off` and `hasListener` for the panel's events.
 * @packageDocumentation
 */
import { loadModule } from '../controller/module-loader';
import type { PanelInstance } from '../controller/runtime/panel-instance';
import type { PanelOptionName, PanelOptions } from '../model/options';
import { answer, type Callback } from '../shared/callback';
import { createError, type PanelError } from '../shared/errors';
import { OPTION_ATTRIBUTES, parseOption } from './options';
import { TAG_NAME, TORN_DOWN, type PaymentPanelElement } from './payment-panel-element';

/** Options of {@link createPanel}: the drop-in's names. */
export interface CreateOptions extends PanelOptions {
  /** Element, or CSS selector of the element, the panel is appended to. */
  container?: Element | string;
  /** The drop-in's older name for `container`: a CSS selector. */
  selector?: string;
  /** Tokenization key or client token. */
  authorization: string;
}

export type { Callback } from '../shared/callback';

/**
 * A panel created by {@link createPanel}: the drop-in's methods over its `<payment-panel>` element,
 * each with an optional Node-style callback last (with one, the method returns `undefined` and calls
 * back once, asynchronously), plus `on`, `off` and `hasListener` for its events under the drop-in's names (docs/drop-in.md, "The instance").
 */
export type PaymentPanelInstance = PanelInstance<PaymentPanelElement>;

/**
 * Creates a `<payment-panel>` in the container with the drop-in's options and resolves with its
 * instance once it is `ready`, whenever at least one option can pay. Rejects only when the panel
 * cannot be used: an option that does not fit (`INVALID_OPTION`, before anything is made), or the
 * error of its `cancelInitialization` (a refused authorization or configuration, no option left,
 * a file of the panel that did not load), after removing the element again; and with
 * `METHOD_CALLED_AFTER_TEARDOWN` when the element is torn down before it is ready. A wallet the
 * gateway does not offer only fires `errorOccurred` on the element.
 */
export function createPanel(
  options: CreateOptions | undefined,
  callback?: Callback<PaymentPanelInstance>,
): Promise<PaymentPanelInstance> {
  return answer(create(options), callback);
}

/** What a property reads as when reading it throws. */
const UNREADABLE = Symbol('unreadable');

function create(options: CreateOptions | undefined): Promise<PaymentPanelInstance> {
  // Read loosely: a merchant's plain JavaScript can pass anything. A getter or proxy that throws
  // reads as a value no option takes, so it ends as a catalogue error rather than an exception.
  const given = (options ?? {}) as Partial<CreateOptions>;
  const read = (key: string): unknown => {
    try {
      return (given as Record<string, unknown>)[key];
    } catch {
      return UNREADABLE;
    }
  };
  const where = read('container') ?? read('selector');
  let container: Element | null = null;
  try {
    container =
      typeof where === 'string' ? document.querySelector(where) : where instanceof Element ? where : null;
  } catch {
    container = null;
  }
  if (!container) {
    return Promise.reject(
      createError('INSTANTIATION_OPTION_REQUIRED', { option: 'container', component: 'a panel' }),
    );
  }
  const authorization = read('authorization');
  if (typeof authorization !== 'string' || authorization === '') {
    return Promise.reject(
      createError('INSTANTIATION_OPTION_REQUIRED', { option: 'authorization', component: 'a client' }),
    );
  }
  // Options that do not fit fail the creation, as in the drop-in; nothing is made.
  const chosen: [PanelOptionName, unknown][] = [];
  for (const name of Object.keys(OPTION_ATTRIBUTES) as PanelOptionName[]) {
    const value = read(name);
    if (value === undefined) continue;
    const parsed = parseOption(name, value);
    if (!parsed.ok) return Promise.reject(parsed.error);
    chosen.push([name, value]);
  }
  const element = document.createElement(TAG_NAME);
  const parent = container;
  return new Promise((resolve, reject) => {
    const onReady = (): void => {
      element.removeEventListener('cancelInitialization', onCancel);
      // A ready panel has its runtime file, which makes the instance.
      loadModule('panel').then(({ panelInstance }) => {
        resolve(panelInstance(element));
      }, reject);
    };
    // Only a panel that cannot be used fails the creation; what leaves an option to pay with (a
    // wallet the gateway does not offer) reaches the merchant through errorOccurred alone.
    const onCancel = (event: CustomEvent<PanelError>): void => {
      element.removeEventListener('ready', onReady);
      void element.teardown().finally(() => {
        element.remove();
      });
      reject(event.detail);
    };
    element.addEventListener('ready', onReady, { once: true });
    element.addEventListener('cancelInitialization', onCancel, { once: true });
    // Torn down before it was ready (through the element): nothing is left to wait for.
    void element[TORN_DOWN].then(() => {
      reject(createError('METHOD_CALLED_AFTER_TEARDOWN', { method: 'create' }));
    });
    for (const [name, value] of chosen) element[name] = value as never;
    element.authorization = authorization;
    parent.append(element);
  });
}
