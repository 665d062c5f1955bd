// Builds the minimal checkout from the page's query: which bundle, which authorization.
const { assetsOrigin, panelVersion, bundleIntegrity, releaseBundleIntegrity } =
  document.documentElement.dataset;
const query = new URLSearchParams(location.search);
const release = query.get('bundle') === 'release';
const folder = release ? '/release/payment-panel' : '/payment-panel';

const script = document.createElement('script');
script.src = `${assetsOrigin}${folder}/${panelVersion}/payment-panel.min.js`;
// The bundle's sha384 from the flavour's integrity.json: the browser refuses any other bytes.
script.integrity = release ? releaseBundleIntegrity : bundleIntegrity;
script.crossOrigin = 'anonymous';
document.head.append(script);

document.addEventListener('DOMContentLoaded', () => {
  const panel = document.createElement('payment-panel');
  const attributes = [
    'authorization',
    'name',
    'locale',
    'translations',
    'payment-option-priority',
    'card',
    'paypal',
    'paypal-credit',
    'paypal-pay-later',
    'venmo',
    'apple-pay',
    'google-pay',
    'three-d-secure',
    'data-collector',
    'preselect-vaulted-payment-method',
    'show-default-payment-method-first',
    'hidden-vaulted-payment-method-types',
    'vault-manager',
  ];
  for (const attribute of attributes) {
    if (query.has(attribute)) panel.setAttribute(attribute, query.get(attribute));
  }
  document.querySelector('main').append(panel);
});
