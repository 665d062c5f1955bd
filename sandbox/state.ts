/**
 * The state of one sandbox gateway instance, handed to every route.
 * @packageDocumentation
 */
import { AnswerOverrides } from './answer-overrides';
import { CardinalSandbox } from './stand-ins/cardinal';
import { DeviceSessionLog } from './device-sessions';
import { FaultSwitches, PendingResponses } from './faults';
import { NonceStore } from './nonces';
import { PayPalFlowStore } from './paypal-flows';
import { RequestLog } from './request-log';
import { ThreeDSecure2SessionStore } from './three-d-secure-2';
import { ThreeDSecureSessionStore } from './three-d-secure-sessions';
import { Vault } from './vault';
import { VenmoContextStore } from './venmo-contexts';

/** Where the gateway and the assets are served from. */
export interface SandboxOptions {
  /** Origin of this gateway, e.g. `https://localhost:8445`. */
  gatewayOrigin: string;
  /** Origin of the assets (bundle and frame pages), e.g. `https://localhost:8444`. */
  assetsOrigin: string;
}

/** Everything a gateway instance keeps between requests. */
export interface SandboxState {
  /** The options, origins without a trailing slash. */
  options: SandboxOptions;
  /** The partition's id, `null` for the default partition (docs/sandbox.md, "Partitions"). */
  partition: string | null;
  vault: Vault;
  nonces: NonceStore;
  /** PayPal flows created by the hermes endpoints, answered on the approval page. */
  paypal: PayPalFlowStore;
  /** 3D Secure lookups, answered by the simulated bank and the term URL. */
  threeDSecure: ThreeDSecureSessionStore;
  /** 3D Secure 2 lookups, answered by the issuer's challenge page and `authenticate_from_jwt`. */
  threeDSecure2: ThreeDSecure2SessionStore;
  /** Venmo payment contexts, made by the GraphQL API and answered on the Venmo stand-in pages. */
  venmo: VenmoContextStore;
  /** Cardinal's part: the JWTs it signs and Songbird's sessions, one for every partition of a gateway instance. */
  cardinal: CardinalSandbox;
  /** What the data collectors' hosts received: Kount's data path (on the assets origin) and the fraudnet stand-in. */
  deviceSessions: DeviceSessionLog;
  faults: FaultSwitches;
  /** Changes the next matching answers make to their bodies. */
  answers: AnswerOverrides;
  log: RequestLog;
  pending: PendingResponses;
}

/**
 * Fresh state: seeded vault, no nonces, PayPal flows, 3D Secure lookups, Venmo payment contexts, device session records, faults or log entries.
 * @param options - the origins
 * @param partition - the partition's id, `null` for the default one
 * @param cardinal - Cardinal's part, which the partitions of a gateway instance share
 */
export function createSandboxState(
  options: SandboxOptions,
  partition: string | null = null,
  cardinal: CardinalSandbox = new CardinalSandbox(),
): SandboxState {
  return {
    options: {
      gatewayOrigin: options.gatewayOrigin.replace(/\/+$/, ''),
      assetsOrigin: options.assetsOrigin.replace(/\/+$/, ''),
    },
    partition,
    vault: new Vault(),
    nonces: new NonceStore(),
    paypal: new PayPalFlowStore(),
    threeDSecure: new ThreeDSecureSessionStore(),
    threeDSecure2: new ThreeDSecure2SessionStore(),
    venmo: new VenmoContextStore(),
    cardinal,
    deviceSessions: new DeviceSessionLog(),
    faults: new FaultSwitches(),
    answers: new AnswerOverrides(),
    log: new RequestLog(),
    pending: new PendingResponses(),
  };
}
