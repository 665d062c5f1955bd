// Builds the minimal checkout from the page's query: which bundle, which authorization.
const { assetsOrigin, panelVersion } = document.documentElement.dataset;
const query = new URLSearchParams(location.search);
const folder = query.get('bundle') === 'release' ? '/release/payment-panel' : '/payment-panel';

const script = document.createElement('script');
script.src = `${assetsOrigin}${folder}/${panelVersion}/payment-panel.min.js`;
script.crossOrigin = 'anonymous';
document.head.append(script);

document.addEventListener('DOMContentLoaded', () => {
  const panel = document.createElement('payment-panel');
  if (query.has('authorization')) panel.setAttribute('authorization', query.get('authorization'));
  document.querySelector('main').append(panel);
});
