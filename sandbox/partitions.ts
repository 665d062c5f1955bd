/**
 * Partitions: sandbox state of its own for each client that asks for one, so browser tests run side by side
 * without one seeing another's faults, answer overrides, request log, vaults, nonces, flows or device data
 * (docs/sandbox.md, "Partitions"). Everything else (`npm start`, the demo pages, the provider's SDK) uses the
 * default partition, exactly as a gateway without partitions.
 *
 * A request is told its partition by what its sender sends anyway, the first of:
 *
 * 1. the `x-sandbox-partition` header, which only the test harness's own calls to the sandbox send;
 * 2. the credential (in the query or body, or the GraphQL API's bearer header): a partition's tokenization key
 *    `sandbox_<partition>_<merchantId>`, or a client token whose signed fingerprint names the partition (the built-in
 *    keys and a token without one name the default);
 * 3. the `sandbox_partition` cookie of the test's browser, which the browser sends by itself on navigations, form
 *    posts, scripts and images (the pages and stand-ins the sandbox plays, and Kount's data path);
 * 4. the `sandbox_partition` query parameter, which the sandbox's own stand-in scripts (PayPal's fraud script,
 *    Google's `pay.js`) add to the calls they make without cookies;
 * 5. otherwise the default partition.
 *
 * The panel knows none of this: it sends what it sends to the real gateway.
 * @packageDocumentation
 */
import type { IncomingHttpHeaders } from 'node:http';
import { bearerCredential, readCredential, verifyFingerprint } from './auth';
import { CardinalSandbox } from './stand-ins/cardinal';
import { errorReply, jsonReply } from './http';
import { findMerchantByTokenizationKey, listMerchants } from './merchants';
import type { Route } from './route';
import {
  cookieValue,
  newPartitionId,
  PARTITION_COOKIE,
  PARTITION_HEADER,
  PARTITION_PARAMETER,
  partitionKey,
  readPartitionKey,
} from './partition-keys';
import { createSandboxState, type SandboxOptions, type SandboxState } from './state';

/**
 * How many partitions live at once; making one more drops the one used longest ago. Each test deletes its own, so
 * only a crashed run leaves any behind.
 */
export const PARTITION_LIMIT = 128;

/** What a request carries that may name its partition. */
export interface PartitionedRequest {
  method: string;
  headers: IncomingHttpHeaders;
  query: Record<string, string>;
  body: unknown;
}

/** The partition of a request: found, or named but not (or no longer) there. */
export type PartitionLookup = { kind: 'found'; state: SandboxState } | { kind: 'unknown'; partition: string };

/** The partitions of one gateway instance: the default one and those made for tests. */
export class Partitions {
  /** The partition of every client that names none. */
  readonly default: SandboxState;
  // In order of last use, oldest first: a Map keeps insertion order, and a partition used is inserted again.
  readonly #named = new Map<string, SandboxState>();
  readonly #options: SandboxOptions;
  // Songbird's sessions and the secret Cardinal signs with: Songbird's calls carry no credential and no cookie (the
  // script is fetched with CORS, for its integrity), and the sessions are known by unguessable ids alone.
  readonly #cardinal = new CardinalSandbox();

  constructor(options: SandboxOptions) {
    this.#options = options;
    this.default = createSandboxState(options, null, this.#cardinal);
  }

  /** A new partition with a fresh state (seeded vaults, nothing else). */
  create(): SandboxState {
    let id: string;
    do id = newPartitionId();
    while (this.#named.has(id));
    const state = createSandboxState(this.#options, id, this.#cardinal);
    this.#named.set(id, state);
    while (this.#named.size > PARTITION_LIMIT) {
      const [oldest] = this.#named.keys();
      if (oldest !== undefined) this.delete(oldest);
    }
    return state;
  }

  /** A partition by its id, marked as used. */
  find(id: string): SandboxState | undefined {
    const state = this.#named.get(id);
    if (state) {
      this.#named.delete(id);
      this.#named.set(id, state);
    }
    return state;
  }

  /** Deletes a partition and ends the responses its faults hold; answers whether it was there. */
  delete(id: string): boolean {
    const state = this.#named.get(id);
    if (!state) return false;
    this.#named.delete(id);
    state.pending.closeAll();
    return true;
  }

  /** Every partition, the default one first. */
  all(): SandboxState[] {
    return [this.default, ...this.#named.values()];
  }

  /** The partition a request names (see the module's comment for the order), the default one when none. */
  resolve(request: PartitionedRequest): PartitionLookup {
    const named = (id: string): PartitionLookup => {
      const state = this.find(id);
      return state ? { kind: 'found', state } : { kind: 'unknown', partition: id };
    };
    const header = request.headers[PARTITION_HEADER];
    if (typeof header === 'string' && header !== '') return named(header);
    const credential = readCredential(request) ?? bearerCredential(request.headers);
    if (credential && 'tokenizationKey' in credential) {
      if (findMerchantByTokenizationKey(credential.tokenizationKey))
        return { kind: 'found', state: this.default };
      const key = readPartitionKey(credential.tokenizationKey);
      // Another key names no partition: an unknown key is answered where the request's other signs lead.
      if (key && this.#named.has(key.partition)) return named(key.partition);
    } else if (credential) {
      const claims = verifyFingerprint(credential.authorizationFingerprint);
      if (claims)
        return claims.partition === null ? { kind: 'found', state: this.default } : named(claims.partition);
    }
    const cookie = cookieValue(request.headers.cookie, PARTITION_COOKIE);
    if (cookie) return named(cookie);
    const parameter = request.query[PARTITION_PARAMETER];
    if (parameter) return named(parameter);
    return { kind: 'found', state: this.default };
  }
}

/** The answer to a request that names a partition that is not there. */
export function unknownPartitionReply(partition: string): ReturnType<typeof errorReply> {
  return errorReply(404, `No sandbox partition "${partition}": it was deleted, or never made.`);
}

/**
 * `POST /sandbox/partitions`: a new partition, with its tokenization keys; `DELETE /sandbox/partitions/:id` deletes
 * one, ending the requests its faults hold.
 */
export const partitionRoutes: readonly Route[] = [
  {
    method: 'POST',
    path: '/sandbox/partitions',
    handle({ partitions }) {
      const state = partitions.create();
      const partition = state.partition as string;
      return jsonReply(201, {
        partition,
        tokenizationKeys: Object.fromEntries(
          listMerchants().map((merchant) => [
            merchant.merchantId,
            partitionKey(partition, merchant.merchantId),
          ]),
        ),
      });
    },
  },
  {
    method: 'DELETE',
    path: '/sandbox/partitions/:partition',
    handle({ partitions, params }) {
      const partition = params.partition ?? '';
      return partitions.delete(partition)
        ? jsonReply(200, { deleted: partition })
        : unknownPartitionReply(partition);
    },
  },
];
