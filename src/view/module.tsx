/**
 * Entry of the view's file (`modules/view.js`): React renders each panel's view into the shadow
 * root of a `<payment-panel-view>` element that r2wc makes of {@link PanelRoot}. The panel's own
 * element places that element, and the card and bank frames as its children; the view shows the
 * frames through its slots and finds its controller through the `controller()` method r2wc reads.
 * @packageDocumentation
 */
import r2wc from '@r2wc/react-to-web-component';
import { VIEW_TAG_NAME, viewControllerOf, type ViewController } from '../controller';
// The US English texts the first script does not carry register as this file runs.
import '../i18n/en-US';
import { defineModule } from '../shared/module-registry';
import { adoptStylesheet } from '../shared/adopt-stylesheet';
import { PanelRoot } from './PanelRoot';
import css, { stylesheet } from './view.css?inline&published';

/** What the view's file gives the panel: the tag name it defined. */
export interface ViewModule {
  tagName: string;
}

declare module '../shared/module-registry' {
  interface PanelModules {
    view: ViewModule;
  }
}

/**
 * Every part of the view's shadow root, forwarded through the view's element so that
 * `payment-panel::part(…)` reaches them (docs/styling.md, "Parts").
 */
const VIEW_PARTS: readonly string[] = [
  'wrapper',
  'sheet-error',
  'saved-methods',
  'saved-method',
  'edit-methods',
  'delete-method',
  'delete-confirmation',
  'delete-cancel-button',
  'delete-confirmation-button',
  'options',
  'option',
  'heading',
  'other-ways',
  'toggle',
  'sheet',
  'card-sheet',
  'paypal-sheet',
  'paypalCredit-sheet',
  'paypalPayLater-sheet',
  'venmo-sheet',
  'applePay-sheet',
  'googlePay-sheet',
  'sheet-header',
  'button-area',
  'field',
  'field-cardholderName',
  'field-number',
  'field-expirationDate',
  'field-cvv',
  'field-postalCode',
  'field-label',
  'field-input',
  'field-container',
  'field-error',
  'paypal-button',
  'venmo-button',
  'apple-pay-button',
  'google-pay-button',
  'wallet-note',
  'three-d-secure-modal',
  'venmo-modal',
  'venmo-qr-code',
  'venmo-status',
  'close-button',
  'bank-frame',
];

// r2wc's element is a custom element: its lifecycle callbacks are the platform's.
const R2wcView = r2wc(PanelRoot, {
  shadow: 'open',
  props: { controller: 'method' },
}) as new () => HTMLElement & {
  connectedCallback(): void;
};

/** `<payment-panel-view>`: the React view of one panel. */
class PaymentPanelViewElement extends R2wcView {
  constructor() {
    super();
    if (!this.shadowRoot) return;
    // A linked stylesheet changes how the card frames' containers look once it arrives.
    adoptStylesheet(this.shadowRoot, css, stylesheet)?.addEventListener('load', () => {
      viewControllerOf(this)?.restyle();
    });
  }

  /** Forwards the view's parts to the panel's element (an element may not set attributes as it is made). */
  override connectedCallback(): void {
    if (!this.hasAttribute('exportparts')) this.setAttribute('exportparts', VIEW_PARTS.join(', '));
    super.connectedCallback();
  }

  /** The controller of the panel this view belongs to (r2wc passes it to React as a method prop). */
  controller(): ViewController | undefined {
    return viewControllerOf(this);
  }
}

if (!customElements.get(VIEW_TAG_NAME)) customElements.define(VIEW_TAG_NAME, PaymentPanelViewElement);
defineModule('view', { tagName: VIEW_TAG_NAME });
