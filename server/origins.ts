/**
 * The three local origins (docs/architecture.md, "Origins") and the environment variables that move their
 * ports. Read by the servers, the build, vitest.config.ts and playwright.config.ts so all agree.
 */

/** Ports and origins of the local servers. */
export interface LocalOrigins {
  merchantPort: number;
  assetsPort: number;
  gatewayPort: number;
  /** The merchant demo, e.g. https://localhost:8443 */
  merchant: string;
  /** The assets origin (bundle and frame pages), e.g. https://localhost:8444 */
  assets: string;
  /** The sandbox gateway, e.g. https://localhost:8445 */
  gateway: string;
}

/** Environment variables that change the ports, with their defaults. */
export const PORT_VARIABLES = {
  PANEL_MERCHANT_PORT: 8443,
  PANEL_ASSETS_PORT: 8444,
  PANEL_GATEWAY_PORT: 8445,
} as const;

function port(env: NodeJS.ProcessEnv, name: keyof typeof PORT_VARIABLES): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return PORT_VARIABLES[name];
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new Error(`${name} must be a port number between 1 and 65535, not "${raw}".`);
  }
  return value;
}

/** The local origins, from the environment. */
export function localOrigins(env: NodeJS.ProcessEnv = process.env): LocalOrigins {
  const merchantPort = port(env, 'PANEL_MERCHANT_PORT');
  const assetsPort = port(env, 'PANEL_ASSETS_PORT');
  const gatewayPort = port(env, 'PANEL_GATEWAY_PORT');
  return {
    merchantPort,
    assetsPort,
    gatewayPort,
    merchant: `https://localhost:${merchantPort}`,
    assets: `https://localhost:${assetsPort}`,
    gateway: `https://localhost:${gatewayPort}`,
  };
}
