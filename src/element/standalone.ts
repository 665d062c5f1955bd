/**
 * The components `window.paymentPanel` makes without a panel: `createHostedFields()` and
 * `createThreeDSecure()`.
 * @packageDocumentation
 */
import { createClient, type GatewayClient } from '../client';
import { loadModule } from '../controller/module-loader';
import type { HostedFields } from '../methods/hosted-fields';
import type { HostedFieldsModule } from '../methods/hosted-fields/standalone/module';
import type { ThreeDSecure, ThreeDSecureOptions } from '../methods/three-d-secure';

/** The files that make a component without a panel, each through its `standalone`. */
export type StandaloneModule = 'hosted-fields' | 'three-d-secure';

/**
 * Makes a component without a panel: the configuration call and the component's file load side by
 * side. The component holds the authorization's client until it is torn down (the file's
 * `standalone` ties the hold to it); when the file fails to come, the hold goes here.
 * @param options - the component's options, without the authorization
 */
export function standalone(
  name: 'hosted-fields',
  authorization: string | undefined,
  options: Parameters<HostedFieldsModule['standalone']>[1],
): Promise<HostedFields>;
export function standalone(
  name: 'three-d-secure',
  authorization: string | undefined,
  options: ThreeDSecureOptions,
): Promise<ThreeDSecure>;
export function standalone(
  name: StandaloneModule,
  authorization: string | undefined,
  options: object,
): Promise<unknown> {
  const held = createClient(authorization ?? '');
  return loadModule(name).then(
    // Either file's `standalone`: the overloads above pair each file with its options.
    (module) =>
      (module.standalone as (held: Promise<GatewayClient>, options: object) => Promise<unknown>)(
        held,
        options,
      ),
    (error: unknown) => {
      void held.then((client) => {
        client.release();
      }, Boolean);
      throw error;
    },
  );
}
