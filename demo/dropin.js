// A drop-in integration as merchants wrote it; `paymentPanel.create` stands where `dropin.create` was.
// The query may carry another `authorization`.
const button = document.getElementById('submit-button');
const result = document.getElementById('result');
const authorization =
  new URLSearchParams(location.search).get('authorization') ?? 'sandbox_k9x2m4p7_demo_merchant';

window.paymentPanel.create(
  {
    authorization,
    container: '#dropin-container',
    card: { cardholderName: { required: false } },
    dataCollector: { kount: true },
    paymentOptionPriority: ['card'],
  },
  (createErr, instance) => {
    if (createErr) {
      result.textContent = `create failed: ${createErr.message}`;
      return;
    }
    window.dropinInstance = instance;
    button.disabled = false;
    button.addEventListener('click', () => {
      instance.requestPaymentMethod((requestPaymentMethodErr, payload) => {
        if (requestPaymentMethodErr) {
          result.textContent = requestPaymentMethodErr.message;
          return;
        }
        // A real checkout now sends payload.nonce to its server.
        result.textContent = `Nonce for your server: ${payload.nonce}`;
      });
    });
  },
);
