/**
 * `<payment-panel>`: the custom element merchants place in their checkout page. r2wc renders the
 * React panel into an open shadow root; this subclass adds what r2wc lacks: styles through
 * constructable stylesheets and attributes that can be removed again.
 * @packageDocumentation
 */
import r2wc from '@r2wc/react-to-web-component';
import { Panel } from '../panel/Panel';
import type { CardOptions } from '../panel/CardSheet';
import { emit } from '../panel/events';
import { ATTACH_PANEL_API, type PanelApi, type PaymentMethodPayload } from '../panel/panel-api';
import { parseCardOption } from './options';
import css from '../panel/panel.css?inline';
// Typed listeners (`addEventListener('errorOccurred', …)`) come from the event map in ./events.
import '../panel/events';

/** r2wc keeps the props it passes to React under this symbol. */
const R2WC_PROPS = Symbol.for('r2wc.props');
/** r2wc re-renders through this method. */
const R2WC_RENDER = Symbol.for('r2wc.render');

/** Attributes r2wc handles, and the property each one sets. */
const ATTRIBUTES = { authorization: 'authorization' } as const;

// Every prop is a plain string for r2wc: its own boolean and JSON parsing is lossy or throws
// where the merchant cannot catch it, so the element parses values itself.
const R2wcPanel = r2wc(Panel, {
  shadow: 'open',
  props: { authorization: 'string' },
}) as new () => HTMLElement & {
  attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void;
};

let sheet: CSSStyleSheet | undefined;

/** The panel's stylesheet, built once and shared by every instance. */
function panelStyleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
  }
  return sheet;
}

interface R2wcInternals {
  [R2WC_PROPS]: Record<string, unknown>;
  [R2WC_RENDER](): void;
}

/**
 * The `<payment-panel>` element.
 *
 * @fires ready - the gateway configuration is in; `detail: {version}`
 * @fires errorOccurred - `detail` is the catalogue error (`type`, `code`, `message`, `details`)
 * @fires paymentMethodRequestable - `detail: {type, paymentMethodIsSelected}`
 * @fires noPaymentMethodRequestable - `detail: null`
 * @csspart panel - the panel's outer box
 * @csspart loading-indicator - shown while the panel loads
 * @csspart wrapper - the panel's content, hidden until ready
 * @csspart sheet-error - the sheet-level error area
 * @csspart sheet - a payment option's sheet; `card-sheet` the card sheet
 * @csspart sheet-header - a sheet's header (logo, label, accepted cards)
 * @csspart field - a card field; `field-<key>` names which
 * @csspart field-container - where a card field's secure frame sits
 * @csspart field-error - a card field's inline error
 */
export class PaymentPanelElement extends R2wcPanel {
  /**
   * Tokenization key (`sandbox_…`) or client token. Attribute: `authorization`.
   * Changing it connects the panel to the gateway anew.
   */
  declare authorization: string | undefined;

  /** The React panel's API, once it has mounted. */
  #api: PanelApi | null = null;
  /** Calls made before the panel mounted, run when it does. */
  #queued: ((api: PanelApi) => void)[] = [];

  constructor() {
    super();
    const root = this.shadowRoot;
    if (root) root.adoptedStyleSheets = [panelStyleSheet()];
  }

  /** @internal The panel registers its API here when it mounts and withdraws it when it unmounts. */
  [ATTACH_PANEL_API](api: PanelApi | null): void {
    this.#api = api;
    if (api) for (const run of this.#queued.splice(0)) run(api);
  }

  /** Runs `call` with the panel's API, now or once the panel has mounted. */
  #withApi<T>(call: (api: PanelApi) => Promise<T>): Promise<T> {
    if (this.#api) return call(this.#api);
    return new Promise<T>((resolve, reject) => {
      this.#queued.push((api) => {
        call(api).then(resolve, reject);
      });
    });
  }

  /**
   * Tokenizes what the shopper entered (or hands over the selected method) and resolves with the
   * payment method payload: `{nonce, details, type, description?, binData?, vaulted?}`. Rejects with
   * the catalogue error (e.g. `HOSTED_FIELDS_FIELDS_INVALID`); the panel then shows what to fix.
   * Calls made before the panel is ready wait for it. Concurrent calls share one tokenization.
   */
  requestPaymentMethod(): Promise<PaymentMethodPayload> {
    return this.#withApi((api) => api.requestPaymentMethod());
  }

  /** Whether `requestPaymentMethod()` would succeed without the shopper doing more. */
  isPaymentMethodRequestable(): boolean {
    return this.#api?.isPaymentMethodRequestable() ?? false;
  }

  static get observedAttributes(): string[] {
    return [...(R2wcPanel as unknown as { observedAttributes: string[] }).observedAttributes, 'card'];
  }

  /**
   * The card sheet's options: `{cardholderName?: boolean | {required?: boolean}}`. Attribute: `card`,
   * as JSON. A value that does not fit fires `errorOccurred` with `INVALID_OPTION` and is ignored.
   */
  get card(): CardOptions | undefined {
    return (this as unknown as R2wcInternals)[R2WC_PROPS].card as CardOptions | undefined;
  }

  set card(value: CardOptions | string | undefined) {
    const parsed = parseCardOption(value);
    if (!parsed.ok) {
      // After the current task, so listeners added right after creating the element hear it.
      queueMicrotask(() => {
        emit(this, 'errorOccurred', parsed.error);
      });
      return;
    }
    const internals = this as unknown as R2wcInternals;
    internals[R2WC_PROPS].card = parsed.value;
    internals[R2WC_RENDER]();
  }

  override attributeChangedCallback(name: string, oldValue: string | null, value: string | null): void {
    if (name === 'card') {
      this.card = value ?? undefined;
      return;
    }
    // r2wc ignores removed or emptied attributes, which would keep a stale authorization alive.
    if ((value === null || value === '') && name in ATTRIBUTES) {
      const internals = this as unknown as R2wcInternals;
      internals[R2WC_PROPS][ATTRIBUTES[name as keyof typeof ATTRIBUTES]] = undefined;
      internals[R2WC_RENDER]();
      return;
    }
    super.attributeChangedCallback(name, oldValue, value);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'payment-panel': PaymentPanelElement;
  }
}

/** The element's tag name. */
export const TAG_NAME = 'payment-panel';

/** Defines `<payment-panel>` unless a panel bundle has already defined it. */
export function definePaymentPanel(): void {
  if (!customElements.get(TAG_NAME)) customElements.define(TAG_NAME, PaymentPanelElement);
}
