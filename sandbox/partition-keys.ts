/**
 * The names by which a request tells the sandbox its partition, and a partition's tokenization keys
 * (docs/sandbox.md, "Partitions"). Imports only the merchants' table, so the sandbox's modules, the demo's server and
 * the tests' harness share it.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { listMerchants } from './merchants';

/** The header by which the test harness's calls to the sandbox name their partition. */
export const PARTITION_HEADER = 'x-sandbox-partition';

/** The cookie by which a test's browser names its partition. */
export const PARTITION_COOKIE = 'sandbox_partition';

/** The query parameter the sandbox's stand-in scripts add to the calls they make without cookies. */
export const PARTITION_PARAMETER = 'sandbox_partition';

/** A partition's id: twelve hexadecimal digits. */
const PARTITION_ID = '[0-9a-f]{12}';

/** A new partition id (six random bytes). */
export function newPartitionId(): string {
  return randomBytes(6).toString('hex');
}

/**
 * The tokenization key of a merchant in a partition. A partition's id is twelve hexadecimal digits, so it fits the
 * middle part of a key and is never one of the built-in keys' (eight characters).
 */
export function partitionKey(partition: string, merchantId: string): string {
  return `sandbox_${partition}_${merchantId}`;
}

/** The partition and merchant a partition's tokenization key names, or `null` for any other key. */
export function readPartitionKey(key: string): { partition: string; merchantId: string } | null {
  const match = new RegExp(`^sandbox_(${PARTITION_ID})_(.+)$`).exec(key);
  return match?.[1] && match[2] ? { partition: match[1], merchantId: match[2] } : null;
}

/** The partition a browser's `Cookie` header names, when it is a partition's id at all, else `null`. */
export function partitionOfCookie(header: string | undefined): string | null {
  const value = cookieValue(header, PARTITION_COOKIE);
  return value !== null && new RegExp(`^${PARTITION_ID}$`).test(value) ? value : null;
}

/** The value of one cookie of a `Cookie` header, or `null`. */
export function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** A text (a demo page) with every built-in tokenization key replaced by the partition's key of that merchant. */
export function withPartitionKeys(text: string, partition: string): string {
  return listMerchants().reduce(
    (page, merchant) =>
      page.replaceAll(merchant.tokenizationKey, partitionKey(partition, merchant.merchantId)),
    text,
  );
}
