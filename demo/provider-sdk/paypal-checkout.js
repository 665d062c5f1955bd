// PayPal through the provider's SDK, as a merchant pairs braintree-web's PayPal Checkout component
// with PayPal's checkout.js, except that the sandbox plays PayPal's script: the page opens the
// sandbox's approval page itself and takes the answer the sandbox's answer page posts to it
// (docs/sandbox.md, "Testing with the provider's SDK").
const gateway = document.documentElement.dataset.gatewayOrigin;
const query = new URLSearchParams(location.search);
const flow = query.get('flow') === 'vault' ? 'vault' : 'checkout';
const paypalButton = document.getElementById('paypal');
const status = document.getElementById('status');
const payload = document.getElementById('payload');
const nonce = document.getElementById('nonce');
const payButton = document.getElementById('pay');

const show = (text) => {
  status.textContent = text;
};
const failed = (error) => {
  show(`${error.code ?? 'ERROR'}: ${error.message}`);
};

let paypalCheckout = null;
let popup = null;

window.braintree.client
  .create({ authorization: query.get('authorization') ?? '' })
  .then((client) => window.braintree.paypalCheckout.create({ client }))
  .then((instance) => {
    paypalCheckout = instance;
    paypalButton.disabled = false;
    show('Ready');
  })
  .catch(failed);

paypalButton.addEventListener('click', () => {
  // Opened on the click, as PayPal's script opens its window, so no popup blocker stands in the way.
  popup = window.open('', 'paypal-sandbox', 'width=450,height=640');
  const options =
    flow === 'vault'
      ? { flow: 'vault', billingAgreementDescription: 'Sandbox agreement' }
      : { flow: 'checkout', amount: '10.00', currency: 'USD', intent: 'sale' };
  show('Creating the payment…');
  paypalCheckout
    .createPayment(options)
    .then((token) => {
      // PayPal's script builds its page's address from the token; the sandbox's page takes it so too.
      const name = token.startsWith('BA-') ? 'ba_token' : 'token';
      popup.location.href = `${gateway}/sandbox/paypal/approve?${name}=${encodeURIComponent(token)}`;
      show('Waiting for the approval…');
    })
    .catch((error) => {
      popup.close();
      failed(error);
    });
});

window.addEventListener('message', (event) => {
  // Only the answer page in the window this page opened, on the gateway's origin.
  if (event.origin !== gateway || popup === null || event.source !== popup) return;
  const { source, callback, data } = event.data ?? {};
  if (source !== 'paypal-sandbox') return;
  if (callback === 'onCancel') {
    show('Cancelled');
    return;
  }
  show('Tokenizing…');
  paypalCheckout
    .tokenizePayment(data)
    .then((tokenized) => {
      payload.textContent = JSON.stringify(tokenized, null, 2);
      nonce.value = tokenized.nonce;
      payButton.disabled = false;
      show(`Tokenized: ${tokenized.type}`);
    })
    .catch(failed);
});
