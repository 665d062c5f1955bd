// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OPTION_ATTRIBUTES } from '../../src/element/options';
import { PANEL_EVENT_NAMES } from '../../src/shared/event-names';
import { ERROR_CATALOGUE } from '../../src/shared/errors';
import type * as Schema from 'custom-elements-manifest/schema';
import ts from 'typescript';
import { checkDeclarations } from '../../build/declarations';
import { ROOT } from '../../build/program';
import { manifestElement, type ManifestElement } from '../../build/manifest';
import { generatePublicTypeFiles, type PublicTypeFiles } from '../../build/public-files';

/** Generating and compiling take seconds on a busy machine. */
const SLOW = 120_000;

let files: PublicTypeFiles;
let element: ManifestElement;

beforeAll(() => {
  files = generatePublicTypeFiles('1.2.3');
  element = manifestElement(JSON.parse(files.manifest) as Schema.Package);
}, SLOW);

/** The names the declaration file exports, from its last statement. */
function exportedNames(declarations: string): string[] {
  const list = /export type \{([^}]*)\};\s*$/.exec(declarations)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Files of the bundle's sources with one of the extensions, tests left out. */
function sourceFiles(extensions: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = resolve(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (extensions.some((ext) => entry.name.endsWith(ext)) && !entry.name.includes('.test.')) {
        found.push(path);
      }
    }
  };
  walk(resolve(ROOT, 'src'));
  return found;
}

describe('payment-panel.d.ts', () => {
  it(
    'compiles on its own, with the DOM library only, together with a merchant checkout in plain TypeScript',
    () => {
      const merchant = readFileSync(resolve(ROOT, 'tests/types/merchant-checkout.ts'), 'utf8');
      expect(checkDeclarations(files.declarations, { 'merchant-checkout.ts': merchant })).toBe('');
    },
    SLOW,
  );

  it(
    "compiles with a checkout written for the drop-in's typings (@types/braintree-web-drop-in), its create() the panel's",
    () => {
      const checkout = readFileSync(resolve(ROOT, 'tests/types/dropin-checkout.ts'), 'utf8');
      expect(checkDeclarations(files.declarations, { 'dropin-checkout.ts': checkout })).toBe('');
    },
    SLOW,
  );

  it(
    'exports every public name as a type a merchant can import and use',
    () => {
      const names = exportedNames(files.declarations);
      expect(names).toEqual(
        expect.arrayContaining([
          // The element, its options and what it hands over.
          'PaymentPanelElement',
          'PanelOptions',
          'CardOptions',
          'PayPalOptions',
          'ApplePayOptions',
          'GooglePayOptions',
          'VenmoOptions',
          'ThreeDSecureOptions',
          'ThreeDSecureRequestOptions',
          'RequestPaymentMethodOptions',
          'ThreeDSecureAddress',
          'ThreeDSecureAdditionalInformation',
          'AcsWindowSize',
          'ThreeDSecureDetails',
          'DataCollectorOptions',
          'PaymentMethodPayload',
          'TypedPaymentMethodPayload',
          'CardPaymentMethodPayload',
          'PayPalPaymentMethodPayload',
          'VenmoPaymentMethodPayload',
          'ApplePayPaymentMethodPayload',
          'GooglePayPaymentMethodPayload',
          // Events and errors.
          'PaymentPanelEventDetails',
          'PaymentPanelEventMap',
          'ReadyDetail',
          'PaymentMethodRequestableDetail',
          'PaymentOptionSelectedDetail',
          'PanelError',
          'ErrorCode',
          'ErrorType',
          // window.paymentPanel.
          'PaymentPanelGlobal',
          'CreateOptions',
          'PaymentPanelInstance',
          'HostedFields',
          'StandaloneHostedFieldsOptions',
          'ThreeDSecure',
          'StandaloneThreeDSecureOptions',
          'VerifyCardOptions',
          'VerifyCardResult',
        ]),
      );
      const usage = `import type { ${names.join(', ')} } from './payment-panel';
export type Every = [${names.map((name) => (name === 'Callback' ? 'Callback<string>' : name)).join(', ')}];
export function describe(payload: TypedPaymentMethodPayload): string {
  switch (payload.type) {
    case 'CreditCard':
      return (
        payload.description +
        payload.details.lastTwo +
        (payload.liabilityShifted === true ? ' verified' : '') +
        (payload.threeDSecureInfo?.status ?? '')
      );
    case 'PayPalAccount':
      return payload.details.email ?? '';
    case 'VenmoAccount':
      return payload.details.username + (payload.details.paymentContextId ?? '');
    case 'ApplePayCard':
      return payload.details.cardType;
    case 'AndroidPayCard':
      return payload.details.cardType + payload.details.lastFour + String(payload.details.isNetworkTokenized);
  }
}
export async function typed(panel: PaymentPanelElement): Promise<string> {
  return describe((await panel.requestPaymentMethod()) as TypedPaymentMethodPayload);
}
const everyCode: Record<ErrorCode, ErrorType> = {} as Record<ErrorCode, ErrorType>;
export const invalid: ErrorType = everyCode.INVALID_OPTION;
`;
      expect(checkDeclarations(files.declarations, { 'usage.ts': usage })).toBe('');
    },
    SLOW,
  );

  it(
    'declares types only: the bundle is a script and exports nothing a merchant could import at run time',
    () => {
      const usage = `import { PaymentPanelElement } from './payment-panel';\nexport const element = new PaymentPanelElement();\n`;
      expect(checkDeclarations(files.declarations, { 'usage.ts': usage })).toContain(
        "'PaymentPanelElement' cannot be used as a value because it was exported using 'export type'",
      );
    },
    SLOW,
  );

  it('is self-contained: no imports, no any, the element and window.paymentPanel declared globally', () => {
    const { declarations } = files;
    expect(declarations).toMatch(/^\/\*\*\n \* payment-panel 1\.2\.3: /);
    expect(declarations).not.toMatch(/^\s*import\b|\bimport\(/m);
    expect(declarations).not.toContain('@packageDocumentation');
    const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, declarations);
    const keywords: string[] = [];
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
      if (token === ts.SyntaxKind.AnyKeyword) keywords.push(scanner.getTokenText());
    }
    expect(keywords).toEqual([]);
    const global = [...declarations.matchAll(/^declare global \{([\s\S]*?)\n\}/gm)]
      .map((m) => m[1])
      .join('\n');
    expect(global).toMatch(
      /interface HTMLElementTagNameMap \{\s*['"]payment-panel['"]: PaymentPanelElement;/,
    );
    expect(global).toMatch(/interface HTMLElementEventMap extends PaymentPanelEventMap/);
    expect(global).toMatch(/interface Window \{\s*paymentPanel: PaymentPanelGlobal;/);
    // Internal members stay out.
    expect(declarations).not.toMatch(/getOption|setOption|ATTACH_PANEL_API|TRACK_TEARDOWN/);
  });

  it("writes each type derived from a reader as what it stands for, with its members' TSDoc", () => {
    const file = ts.createSourceFile('payment-panel.d.ts', files.declarations, ts.ScriptTarget.Latest, true);
    const top = new Map<string, ts.Statement>();
    for (const statement of file.statements) {
      const name = (statement as ts.DeclarationStatement).name;
      if (name && ts.isIdentifier(name)) top.set(name.text, statement);
      if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          top.set(declaration.name.getText(), statement);
      }
    }
    // None of the readers, nor the helper types that describe them, is declared or named.
    for (const helper of [
      'Reader',
      'AnyReader',
      'OptionalReader',
      'Spec',
      'Infer',
      'ObjectOf',
      'Loose',
      'MemberOf',
      'KeyReaders',
      'INVALID',
    ]) {
      expect(top.has(helper), helper).toBe(false);
      expect(files.declarations).not.toMatch(new RegExp(`\\b${helper}<`));
    }
    for (const reader of [
      'cardOptions',
      'payPalOptions',
      'threeDSecureOptions',
      'cardPayload',
      'fieldState',
      'threeDSecureInfo',
    ]) {
      expect(top.has(reader), reader).toBe(false);
    }
    /** A member of a declared interface, with the text of its TSDoc. */
    const member = (type: string, name: string): { text: string; doc: string } => {
      const declaration = top.get(type);
      if (!declaration || !ts.isInterfaceDeclaration(declaration))
        throw new Error(`${type} is no interface.`);
      const found = declaration.members.find((m) => m.name?.getText() === name);
      if (!found) throw new Error(`${type} has no ${name}.`);
      const doc = ts
        .getJSDocCommentsAndTags(found)
        .map((comment) => ts.getTextOfJSDocComment(comment.comment) ?? '')
        .join(' ');
      return { text: found.getText(), doc };
    };
    // The options: each key's TSDoc, and a public type named where one is used.
    expect(member('CardOptions', 'cardholderName').doc).toMatch(/^Shows a cardholder name field/);
    expect(member('CardOptions', 'cardholderName').text).toMatch(/^cardholderName\?: boolean \| \{/);
    expect(member('PanelOptions', 'card').text).toBe('card?: boolean | CardOptions | undefined;');
    expect(member('CardOptions', 'clearFieldsAfterTokenization').doc).toMatch(
      /^`false` keeps the card fields' values/,
    );
    expect(member('PanelOptions', 'paypalCredit').text).toBe('paypalCredit?: PayPalOptions | undefined;');
    expect(member('PanelOptions', 'paypalPayLater').text).toBe('paypalPayLater?: PayPalOptions | undefined;');
    expect(member('PanelOptions', 'locale').doc).toMatch(/^Locale of the panel's texts/);
    // The compiler orders a union's literals as it first met them, which other declarations change.
    expect(member('PayPalOptions', 'flow').text).toMatch(
      /^flow\?: ("checkout" \| "vault"|"vault" \| "checkout") \| undefined;$/,
    );
    expect(member('PayPalOptions', 'intent').doc).toMatch(/^Intent of a checkout payment/);
    expect(member('PayPalOptions', 'shippingAddressOverride').text).toBe(
      'shippingAddressOverride?: PayPalAddress | undefined;',
    );
    expect(member('GooglePayOptions', 'button').text).toBe('button?: GooglePayButtonOptions | undefined;');
    expect(member('ThreeDSecureSettings', 'amount').text).toBe('amount?: string | number | undefined;');
    expect(member('ThreeDSecureSettings', 'cardinalSDKConfig').doc).toMatch(/^Songbird's settings/);
    expect(member('ThreeDSecure2Options', 'billingAddress').text).toBe(
      'billingAddress?: ThreeDSecureAddress | undefined;',
    );
    expect(member('ThreeDSecureAdditionalInformation', 'acsWindowSize').doc).toMatch(/challenge window/);
    expect(member('RequestPaymentMethodOptions', 'threeDSecure').text).toBe(
      'threeDSecure?: ThreeDSecureRequestOptions | undefined;',
    );
    // What the page hears from the frames and the gateway.
    expect(member('CardPayload', 'type').text).toBe('type: "CreditCard";');
    expect(member('CardDetails', 'cardType').doc).toMatch(/^The brand's display name/);
    expect(member('FieldState', 'isPotentiallyValid').text).toBe('isPotentiallyValid: boolean;');
    expect(member('ThreeDSecureInfo', 'liabilityShifted').text).toBe('liabilityShifted: boolean;');
  });

  it('lists every code of the catalogue with its type and message', () => {
    const flat = files.declarations.replace(/\s+/g, ' ');
    for (const [code, { type, message }] of Object.entries(ERROR_CATALOGUE)) {
      expect(flat).toContain(
        `readonly ${code}: { readonly type: "${type}"; readonly message: ${JSON.stringify(message)};`,
      );
    }
  });
});

describe('custom-elements.json', () => {
  it('declares <payment-panel> and its class in the bundle', () => {
    const manifest = JSON.parse(files.manifest) as Schema.Package;
    expect(manifest.schemaVersion).toBe('2.1.0');
    expect(manifest.modules).toHaveLength(1);
    expect(manifest.modules[0]?.path).toBe('payment-panel.min.js');
    expect(manifest.modules[0]?.exports).toEqual([
      {
        kind: 'custom-element-definition',
        name: 'payment-panel',
        declaration: { name: 'PaymentPanelElement', module: 'payment-panel.min.js' },
      },
    ]);
    expect(element).toMatchObject({
      kind: 'class',
      customElement: true,
      tagName: 'payment-panel',
      name: 'PaymentPanelElement',
      superclass: { name: 'HTMLElement' },
    });
  });

  it('has every attribute: authorization, name and each option, with its property', () => {
    const byName = new Map(element.attributes.map((attribute) => [attribute.name, attribute]));
    expect([...byName.keys()].sort()).toEqual(
      ['authorization', 'name', ...Object.values(OPTION_ATTRIBUTES)].sort(),
    );
    for (const [property, attribute] of Object.entries(OPTION_ATTRIBUTES)) {
      expect(byName.get(attribute)?.fieldName).toBe(property);
      const field = element.members.find((member) => member.name === property);
      expect(field).toMatchObject({ kind: 'field', attribute });
    }
    expect(byName.get('authorization')?.fieldName).toBe('authorization');
    for (const attribute of byName.values()) expect(attribute.description, attribute.name).toBeTruthy();
  });

  it('has every property with its type and every method with its signature', () => {
    const fields = element.members.filter((member) => member.kind === 'field');
    expect(fields.map((field) => field.name).sort()).toEqual(
      ['authorization', ...Object.keys(OPTION_ATTRIBUTES)].sort(),
    );
    expect(fields.find((field) => field.name === 'card')?.type?.text).toBe(
      'boolean | CardOptions | undefined',
    );
    const methods = element.members.filter((member) => member.kind === 'method');
    expect(methods.map((method) => method.name)).toEqual([
      'requestPaymentMethod',
      'isPaymentMethodRequestable',
      'getAvailablePaymentOptions',
      'clearSelectedPaymentMethod',
      'updateConfiguration',
      'teardown',
    ]);
    expect(methods.find((method) => method.name === 'requestPaymentMethod')?.return?.type?.text).toBe(
      'Promise<PaymentMethodPayload>',
    );
    expect(methods.find((method) => method.name === 'updateConfiguration')?.parameters).toMatchObject([
      { name: 'property', type: { text: 'string' } },
      { name: 'key', type: { text: 'string' } },
      { name: 'value', type: { text: 'unknown' } },
    ]);
    for (const member of element.members) expect(member.description, member.name).toBeTruthy();
  });

  it('has every event the element fires, with its detail type', () => {
    expect(element.events.map((event) => event.name).sort()).toEqual([...PANEL_EVENT_NAMES].sort());
    expect(element.events.find((event) => event.name === 'errorOccurred')?.type.text).toBe(
      'CustomEvent<PanelError>',
    );
    for (const event of element.events) expect(event.description, event.name).toBeTruthy();
  });

  it('has every CSS part the panel sets in its sources', () => {
    const parts = element.cssParts.map((part) => part.name);
    const seen: string[] = [];
    for (const path of sourceFiles(['.tsx'])) {
      const text = readFileSync(path, 'utf8');
      for (const [, quoted, template] of text.matchAll(/\bpart=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
        for (const token of (quoted ?? template ?? '').split(/\s+/).filter((t) => t !== '')) {
          // A part named after a value (`field-${field}`) stands for every part of that form.
          const pattern = new RegExp(`^${token.replace(/\$\{[^}]+\}/g, '[A-Za-z]+')}$`);
          expect(
            parts.some((part) => pattern.test(part)),
            `${token} (${relative(ROOT, path)})`,
          ).toBe(true);
          seen.push(token);
        }
      }
    }
    expect(seen.length).toBeGreaterThan(20);
    // The parts docs/styling.md names, expanded from their patterns.
    expect(parts).toEqual(
      expect.arrayContaining(['field-number', 'field-cvv', 'card-sheet', 'paypal-sheet', 'applePay-sheet']),
    );
    expect(parts.filter((part) => /[<$]/.test(part))).toEqual([]);
  });

  it('has every --pp-* custom property the panel uses, with its default', () => {
    const properties = new Map(element.cssProperties.map((property) => [property.name, property]));
    const used = new Set<string>();
    for (const path of sourceFiles(['.css', '.ts', '.tsx'])) {
      if (relative(ROOT, path).startsWith('src/types/')) continue;
      const text = readFileSync(path, 'utf8').replace(/@cssprop(erty)?\s+--pp-/g, '');
      for (const [name] of text.matchAll(/--pp-[a-z0-9-]+/g)) used.add(name);
    }
    expect(used.size).toBeGreaterThan(5);
    expect([...properties.keys()].sort()).toEqual([...used].sort());
    expect(properties.get('--pp-radius')?.default).toBe('6px');
    expect(properties.get('--pp-font-family')?.default).toMatch(/^system-ui, /);
  });
});
