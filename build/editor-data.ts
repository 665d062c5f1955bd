/**
 * Editors' data made from `custom-elements.json`, so a merchant's editor completes `<payment-panel>`
 * and its attributes, with their descriptions, in HTML:
 * - `vscode.html-custom-data.json`, VS Code's custom HTML data (`html.customData` in the
 *   workspace's settings), by custom-element-vs-code-integration;
 * - `web-types.json`, JetBrains' web-types (named by a `web-types` entry of the merchant's
 *   package.json), by custom-element-jet-brains-integration, which also carries the element's
 *   properties, events, CSS parts and custom properties.
 * @packageDocumentation
 */
import { getWebTypesData } from 'custom-element-jet-brains-integration';
import { getVsCodeHtmlCustomData } from 'custom-element-vs-code-integration';
import type * as Schema from 'custom-elements-manifest/schema';

/** The manifest as the integrations' types take it (schema 2.1.0, which they read as they read 1.0). */
type IntegrationManifest = Parameters<typeof getVsCodeHtmlCustomData>[0];

/** VS Code's custom HTML data for the manifest's elements. */
export function vsCodeHtmlCustomData(manifest: Schema.Package): unknown {
  return JSON.parse(getVsCodeHtmlCustomData(manifest as IntegrationManifest, { hideLogs: true })) as unknown;
}

/** JetBrains' web-types for the manifest's elements, named after the package. */
export function webTypes(manifest: Schema.Package, version: string): unknown {
  const data = JSON.parse(getWebTypesData(manifest as IntegrationManifest, { hideLogs: true })) as {
    contributions?: { html?: { elements?: Record<string, unknown>[] } };
  };
  // Without a documentation page the integration writes an empty address; none is better.
  for (const element of data.contributions?.html?.elements ?? []) {
    if (element['doc-url'] === '') Reflect.deleteProperty(element, 'doc-url');
  }
  // The integration names the package of the working directory; the folder publishes this one.
  return { ...data, name: 'payment-panel', version };
}
