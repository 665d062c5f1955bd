/**
 * A component made on a hold of its own on a gateway client (`paymentPanel.createHostedFields()`,
 * `paymentPanel.createThreeDSecure()`): the hold goes with the component. Not part of the first
 * script: each file of such a component carries it.
 * @packageDocumentation
 */
import type { GatewayClient } from './client';

/** A component that can be torn down. */
export interface TornDown {
  teardown(): unknown;
}

/**
 * Makes a component with the client of `held` and ties the hold to it: released when making the
 * component fails, and when its `teardown()` runs (after it, so the component's own teardown still
 * reaches the client's analytics).
 * @param held - a hold from `createClient`; when it rejects there is nothing to release
 * @param make - makes the component; may throw or reject
 */
export async function madeOnHold<T extends TornDown>(
  held: Promise<GatewayClient>,
  make: (client: GatewayClient) => T | Promise<T>,
): Promise<T> {
  const client = await held;
  let made: T;
  try {
    made = await make(client);
  } catch (error) {
    client.release();
    throw error;
  }
  const teardown = made.teardown.bind(made);
  let holding = true;
  made.teardown = () => {
    try {
      return teardown();
    } finally {
      // A hold is released once, however often the merchant tears the component down.
      if (holding) client.release();
      holding = false;
    }
  };
  return made;
}
