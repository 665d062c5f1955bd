/**
 * `npm start`: builds the local flavour when stale, makes the certificate on first run, serves the
 * three origins and stops cleanly on Ctrl-C.
 */
import pkg from '../package.json' with { type: 'json' };
import { listMerchants } from '../sandbox';
import { ensureLocalBuild } from './build';
import { ensureCertificate } from './certs';
import { localOrigins } from './origins';
import { startServers } from './serve';

const { version } = pkg;

const origins = localOrigins();
ensureLocalBuild(version);
const { cert, key, created } = ensureCertificate();
if (created) console.log('Created a self-signed certificate in server/certs/ (localhost, 127.0.0.1, ::1).');
const servers = await startServers({ origins, cert, key, version });

console.log(`
payment-panel ${version}: local servers are up.
  Merchant demo    ${origins.merchant}/
  Assets           ${origins.assets}/payment-panel/${version}/payment-panel.min.js
  Sandbox gateway  ${origins.gateway}/

Sandbox tokenization keys:
${listMerchants()
  .map((m) => `  ${m.tokenizationKey.padEnd(44)} ${m.description}`)
  .join('\n')}
Client tokens: POST ${origins.gateway}/sandbox/client_token {"merchantId":"demo_merchant","customerId":"returning_shopper"}

The certificate is self-signed: accept it once for each of the three origins in your browser.
Press Ctrl-C to stop.`);

let stopping = false;
const stop = (): void => {
  if (stopping) return;
  stopping = true;
  servers.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
