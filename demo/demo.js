// The demo checkout's own script: plain JavaScript, as a merchant without a framework writes it.
const root = document.documentElement;
const gateway = root.dataset.gatewayOrigin;
const panel = document.getElementById('panel');
const log = document.getElementById('event-log');
const select = document.getElementById('authorization-select');

/** Writes one line to the on-page event log and to the console. */
function record(name, detail) {
  const item = document.createElement('li');
  const time = new Date().toISOString().slice(11, 23);
  const shown = detail instanceof Error ? { code: detail.code, message: detail.message } : detail;
  item.textContent = `${time} ${name} ${shown === undefined ? '' : JSON.stringify(shown)}`;
  item.dataset.event = name;
  log.append(item);
  console.info('[payment-panel]', name, detail);
}

for (const name of root.dataset.panelEvents.split(' ')) {
  panel.addEventListener(name, (event) => record(name, event.detail));
}
document.getElementById('clear-log').addEventListener('click', () => log.replaceChildren());

// The pay button follows the panel: enabled while a payment method is requestable.
const pay = document.getElementById('pay');
const result = document.getElementById('result');
panel.addEventListener('paymentMethodRequestable', () => (pay.disabled = false));
panel.addEventListener('noPaymentMethodRequestable', () => (pay.disabled = true));
pay.addEventListener('click', async () => {
  pay.disabled = true;
  try {
    const payload = await panel.requestPaymentMethod();
    record('requestPaymentMethod', payload);
    // A real checkout now sends payload.nonce to its server, which charges it.
    result.textContent = `Nonce for your server: ${payload.nonce}`;
  } catch (error) {
    record('requestPaymentMethod failed', error);
    result.textContent = error.message;
  } finally {
    pay.disabled = !panel.isPaymentMethodRequestable();
  }
});

/** Asks the sandbox, in the merchant server's role, for a client token. */
async function clientToken(merchantId, customerId) {
  const response = await fetch(`${gateway}/sandbox/client_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchantId, customerId }),
  });
  if (!response.ok) throw new Error(`client_token answered ${response.status}`);
  return (await response.json()).clientToken;
}

const choices = [];
for (const merchant of JSON.parse(root.dataset.merchants)) {
  choices.push({
    label: `Tokenization key — ${merchant.description}`,
    value: () => merchant.tokenizationKey,
  });
}
choices.push({
  label: 'Client token — demo merchant, returning shopper',
  value: () => clientToken('demo_merchant', 'returning_shopper'),
});
choices.push({ label: 'Client token — demo merchant, guest', value: () => clientToken('demo_merchant') });
choices.push({ label: 'Malformed authorization', value: () => 'not-an-authorization' });
for (const [index, choice] of choices.entries()) select.append(new Option(choice.label, String(index)));

select.addEventListener('change', async () => {
  try {
    panel.setAttribute('authorization', await choices[Number(select.value)].value());
  } catch (error) {
    record('demo-error', { message: String(error) });
  }
});

// Apple Pay needs Safari; elsewhere the demo can stand in a simulator (sandbox/stand-ins/apple-pay-simulator.js).
const simulatorSwitch = document.getElementById('apple-pay-simulator');
const SIMULATOR_KEY = 'payment-panel-demo:apple-pay-simulator';
simulatorSwitch.checked = localStorage.getItem(SIMULATOR_KEY) === 'on';
simulatorSwitch.addEventListener('change', () => {
  localStorage.setItem(SIMULATOR_KEY, simulatorSwitch.checked ? 'on' : 'off');
  location.reload();
});
if (simulatorSwitch.checked) {
  const script = document.createElement('script');
  script.src = 'apple-pay-simulator.js';
  // The panel looks for Apple Pay when its options change: setting the option again lets it see the simulator.
  script.addEventListener('load', () => panel.setAttribute('apple-pay', panel.getAttribute('apple-pay')));
  document.head.append(script);
}
