/**
 * Which files each kind of merchant's page downloads before `ready`: the one table the size report,
 * the size budget and the benchmark's network check all read (docs/benchmarks.md).
 *
 * A page loads the first script, the modules its options and the gateway configuration enable
 * (src/shared/module-registry.ts), and the hosted-fields frame page with its files for the card
 * fields (once per field, counted once here: the same files).
 */
import { MODULE_NAMES } from '../../src/shared/module-registry.ts';
import { MERCHANTS, type MerchantId } from '../../sandbox/merchants.ts';

/** A module's name, as the build writes `modules/<name>.min.js`. */
export type ModuleName = (typeof MODULE_NAMES)[number];

/** The script merchants load. */
export const FIRST_SCRIPT = 'payment-panel.min.js';

/** The frame page of the card fields, which every card panel loads before `ready`. */
export const HOSTED_FIELDS_PAGE = 'html/hosted-fields-frame.min.html';

/** Modules every `<payment-panel>` loads: the panel's runtime and the React view. */
export const EVERY_PANEL_MODULES = ['panel', 'view'] as const satisfies readonly ModuleName[];

/** Modules no `<payment-panel>` loads: only `paymentPanel.createHostedFields()` needs them. */
export const PAGE_API_MODULES = ['hosted-fields'] as const satisfies readonly ModuleName[];

/** Modules no page downloads before `ready`: the vault manager's comes when a customer edits the saved methods. */
export const SHOPPER_ACTION_MODULES = ['vault-manager'] as const satisfies readonly ModuleName[];

/** The published file of a module (minified, as merchants' pages load it). */
export function moduleFile(name: ModuleName): string {
  return `modules/${name}.min.js`;
}

/** The card-only sandbox merchant: number and expiration date, no challenges. */
export const CARD_ONLY_KEY = MERCHANTS.card_only_merchant.tokenizationKey;

/** A kind of merchant page, as the benchmark opens it and as the size report counts it. */
export interface MerchantKind {
  id: 'card-only' | 'card-paypal' | 'every-method';
  /** How reports name it. */
  label: string;
  /** Modules its page loads before `ready`, in MODULE_NAMES order. */
  modules: readonly ModuleName[];
  /** The sandbox merchant. */
  merchant: MerchantId;
  /**
   * How the page authorizes: the merchant's tokenization key, or a client token minted for each load
   * (3D Secure refuses a tokenization key).
   */
  authorization: 'tokenization-key' | 'client-token';
  /** Attributes of `<payment-panel>` besides `authorization`, as demo/minimal.html takes them. */
  attributes: Readonly<Record<string, string>>;
  /** Whether the page needs sandbox/stand-ins/apple-pay-simulator.js (Chromium has no ApplePaySession). */
  applePaySimulator: boolean;
}

const amount = { amount: '10.00', currency: 'USD' };

/** Every option a panel has, as attribute text (as tests/e2e/lifecycle.spec.ts sets them). */
const EVERY_OPTION = {
  paypal: JSON.stringify({ flow: 'checkout', ...amount }),
  'paypal-credit': JSON.stringify({ flow: 'checkout', ...amount }),
  // The bench's browser is a desktop one: Venmo is offered there with its QR code.
  venmo: JSON.stringify({ allowDesktop: true }),
  'apple-pay': JSON.stringify({
    displayName: 'Demo store',
    paymentRequest: { total: { label: 'Demo store', amount: amount.amount } },
  }),
  'google-pay': JSON.stringify({
    transactionInfo: { currencyCode: amount.currency, totalPriceStatus: 'FINAL', totalPrice: amount.amount },
  }),
  'three-d-secure': JSON.stringify({ amount: amount.amount }),
  'data-collector': JSON.stringify({ kount: true, paypal: true }),
};

/** In MODULE_NAMES order, so the table reads as the build writes the files. */
function inRegistryOrder(names: readonly ModuleName[]): ModuleName[] {
  return MODULE_NAMES.filter((name) => names.includes(name));
}

/** The kinds of merchant the budgets and the benchmark speak of. */
export const MERCHANT_KINDS: readonly MerchantKind[] = [
  {
    id: 'card-only',
    label: 'card only',
    modules: inRegistryOrder(EVERY_PANEL_MODULES),
    merchant: 'card_only_merchant',
    authorization: 'tokenization-key',
    attributes: {},
    applePaySimulator: false,
  },
  {
    id: 'card-paypal',
    label: 'card + PayPal',
    modules: inRegistryOrder([...EVERY_PANEL_MODULES, 'paypal']),
    merchant: 'demo_merchant',
    authorization: 'tokenization-key',
    attributes: { paypal: JSON.stringify({ flow: 'vault' }) },
    applePaySimulator: false,
  },
  {
    id: 'every-method',
    label: 'every method',
    // Every module but those of the page API only and those a shopper's action fetches.
    modules: MODULE_NAMES.filter(
      (name) => ![...PAGE_API_MODULES, ...SHOPPER_ACTION_MODULES].includes(name as never),
    ),
    merchant: 'demo_merchant',
    authorization: 'client-token',
    attributes: EVERY_OPTION,
    applePaySimulator: true,
  },
];

/** The tokenization key of a kind's merchant. */
export function tokenizationKey(kind: MerchantKind): string {
  return MERCHANTS[kind.merchant].tokenizationKey;
}

/** The kind with this id. */
export function merchantKind(id: MerchantKind['id']): MerchantKind {
  const kind = MERCHANT_KINDS.find((k) => k.id === id);
  if (!kind) throw new Error(`No merchant kind ${id}.`);
  return kind;
}

/**
 * The files a kind's page downloads before `ready`, relative to the versioned folder, each once:
 * the first script, its modules, and the hosted-fields frame page with `frameFiles` (the page and
 * every file it loads, as sizes.ts finds them).
 */
export function filesBeforeReady(kind: MerchantKind, frameFiles: readonly string[]): string[] {
  return [FIRST_SCRIPT, ...kind.modules.map(moduleFile), ...frameFiles];
}
