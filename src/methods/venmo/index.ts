/**
 * Venmo, page side.
 * @packageDocumentation
 */
export { createVenmoWallet, venmoMethod, browserPage, type VenmoPage } from './venmo-wallet';
export { readVenmoOptions, type VenmoSettings } from './options';
export { isVenmoSupported, switchesInPlace, type VenmoBrowser } from './browser';
export { appSwitchUrl, contextUrl, readVenmoReturn, returnUrlOf, type VenmoReturn } from './links';
