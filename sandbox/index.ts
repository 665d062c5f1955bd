/**
 * The local sandbox gateway: an imitation of the payment provider's client API v1 for local
 * development and browser tests. The https server of the demo mounts `createSandboxGateway(...).handle`.
 * Its modules (one per endpoint, the merchants, the test values) are imported directly where needed.
 * @packageDocumentation
 */
export { createSandboxGateway, type SandboxGateway } from './gateway';
export type { SandboxOptions } from './state';
export { listMerchants, type Merchant } from './merchants';
