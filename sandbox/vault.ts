/**
 * The vault: customers of each merchant and their saved payment methods (cards, PayPal accounts,
 * Apple Pay cards, Google Pay cards, Venmo accounts). Customers are created on first use, so a client token naming an unknown
 * customer keeps working after a restart or a reset.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { detectCardBrand, type CardRecord } from './card-details';
import {
  GOOGLE_PAY_SEED_CUSTOMER,
  SEED_CUSTOMER,
  VENMO_SEED_CUSTOMER,
  VENMO_TEST_VALUES,
} from './test-values';
import type {
  AndroidPayCardRecord,
  ApplePayCardRecord,
  PayPalAccountRecord,
  VenmoAccountRecord,
} from './wallet-details';

/** What every saved payment method has. */
interface VaultedMethodBase {
  /** Payment method token. */
  token: string;
  default: boolean;
}

/** A saved card. */
export interface VaultedCard extends VaultedMethodBase {
  type: 'CreditCard';
  card: CardRecord;
}

/** A saved PayPal account. */
export interface VaultedPayPalAccount extends VaultedMethodBase {
  type: 'PayPalAccount';
  account: PayPalAccountRecord;
}

/** A saved Apple Pay card. */
export interface VaultedApplePayCard extends VaultedMethodBase {
  type: 'ApplePayCard';
  card: ApplePayCardRecord;
}

/** A saved Google Pay card. */
export interface VaultedAndroidPayCard extends VaultedMethodBase {
  type: 'AndroidPayCard';
  card: AndroidPayCardRecord;
}

/** A saved Venmo account. */
export interface VaultedVenmoAccount extends VaultedMethodBase {
  type: 'VenmoAccount';
  account: VenmoAccountRecord;
}

/** Any saved payment method. */
export type VaultedMethod =
  VaultedCard | VaultedPayPalAccount | VaultedApplePayCard | VaultedAndroidPayCard | VaultedVenmoAccount;

/** A customer of one merchant. */
export interface Customer {
  merchantId: string;
  customerId: string;
  /** Saved payment methods in the order they were saved. */
  methods: VaultedMethod[];
}

// Each member without the fields the vault generates, so the union keeps its discriminant.
type NewVaultedMethod<T> = T extends unknown ? Omit<T, 'token' | 'default'> : never;

const TOKEN_PREFIX: Readonly<Record<VaultedMethod['type'], string>> = {
  CreditCard: 'vcc_',
  PayPalAccount: 'vpp_',
  ApplePayCard: 'vap_',
  AndroidPayCard: 'van_',
  VenmoAccount: 'vvm_',
};

/** Expiry of the seeded cards: always a few years ahead so they never expire. */
function seedExpirationYear(): string {
  return String(new Date().getFullYear() + 4);
}

/** Customers of one gateway instance. */
export class Vault {
  readonly #customers = new Map<string, Customer>();

  constructor() {
    this.reset();
  }

  /**
   * Restore the seed: only the seeded customers with their saved methods, the card shopper at each
   * merchant it shops at.
   */
  reset(): void {
    this.#customers.clear();
    const googlePayShopper = this.customer(
      GOOGLE_PAY_SEED_CUSTOMER.merchantId,
      GOOGLE_PAY_SEED_CUSTOMER.customerId,
    );
    for (const seed of GOOGLE_PAY_SEED_CUSTOMER.paymentMethods) {
      const { cardType, number, isNetworkTokenized } = seed;
      this.addAndroidPayCard(googlePayShopper, { cardType, number, isNetworkTokenized }, seed.default);
    }
    this.addVenmoAccount(
      this.customer(VENMO_SEED_CUSTOMER.merchantId, VENMO_SEED_CUSTOMER.customerId),
      { username: VENMO_TEST_VALUES.username, venmoUserId: VENMO_TEST_VALUES.payer.externalId },
      true,
    );
    for (const merchantId of [SEED_CUSTOMER.merchantId, ...SEED_CUSTOMER.alsoAt]) {
      this.#seed(this.customer(merchantId, SEED_CUSTOMER.customerId));
    }
  }

  #seed(customer: Customer): void {
    for (const seed of SEED_CUSTOMER.paymentMethods) {
      switch (seed.type) {
        case 'CreditCard':
          this.addCard(
            customer,
            {
              number: seed.number,
              cardType: detectCardBrand(seed.number).cardType,
              expirationMonth: '12',
              expirationYear: seedExpirationYear(),
              cardholderName: seed.cardholderName,
            },
            seed.default,
          );
          break;
        case 'PayPalAccount': {
          const { email, firstName, lastName, payerId, countryCode } = seed;
          this.addPayPalAccount(
            customer,
            { email, payerInfo: { email, firstName, lastName, payerId, countryCode } },
            seed.default,
          );
          break;
        }
        case 'ApplePayCard': {
          const { cardType, dpanNumber, cardholderName } = seed;
          this.addApplePayCard(customer, { cardType, dpanNumber, cardholderName }, seed.default);
          break;
        }
      }
    }
  }

  /** The customer, created empty if unknown. */
  customer(merchantId: string, customerId: string): Customer {
    const key = `${merchantId}\u0000${customerId}`;
    let customer = this.#customers.get(key);
    if (!customer) {
      customer = { merchantId, customerId, methods: [] };
      this.#customers.set(key, customer);
    }
    return customer;
  }

  /** The customer if it exists, without creating it. */
  findCustomer(merchantId: string, customerId: string): Customer | undefined {
    return this.#customers.get(`${merchantId}\u0000${customerId}`);
  }

  /** Save a card; it becomes the default when asked or when it is the customer's first method. */
  addCard(customer: Customer, card: CardRecord, makeDefault: boolean): VaultedCard {
    return this.#add(customer, { type: 'CreditCard', card }, makeDefault);
  }

  /** Save a PayPal account; it becomes the default when asked or when it is the customer's first method. */
  addPayPalAccount(
    customer: Customer,
    account: PayPalAccountRecord,
    makeDefault: boolean,
  ): VaultedPayPalAccount {
    return this.#add(customer, { type: 'PayPalAccount', account }, makeDefault);
  }

  /** Save an Apple Pay card; it becomes the default when asked or when it is the customer's first method. */
  addApplePayCard(customer: Customer, card: ApplePayCardRecord, makeDefault: boolean): VaultedApplePayCard {
    return this.#add(customer, { type: 'ApplePayCard', card }, makeDefault);
  }

  /** Save a Google Pay card; it becomes the default when asked or when it is the customer's first method. */
  addAndroidPayCard(
    customer: Customer,
    card: AndroidPayCardRecord,
    makeDefault: boolean,
  ): VaultedAndroidPayCard {
    return this.#add(customer, { type: 'AndroidPayCard', card }, makeDefault);
  }

  /** Save a Venmo account; it becomes the default when asked or when it is the customer's first method. */
  addVenmoAccount(
    customer: Customer,
    account: VenmoAccountRecord,
    makeDefault: boolean,
  ): VaultedVenmoAccount {
    return this.#add(customer, { type: 'VenmoAccount', account }, makeDefault);
  }

  /** True when the customer already has a card with this number. */
  hasCardNumber(customer: Customer, number: string): boolean {
    return customer.methods.some((saved) => saved.type === 'CreditCard' && saved.card.number === number);
  }

  /**
   * Delete a saved method by its token; when it was the default, the first method saved of those
   * left becomes the default, as the provider's vault does. Answers whether it was there.
   */
  remove(customer: Customer, token: string): boolean {
    const index = customer.methods.findIndex((saved) => saved.token === token);
    const [removed] = index === -1 ? [] : customer.methods.splice(index, 1);
    if (!removed) return false;
    const [next] = customer.methods;
    if (removed.default && next) next.default = true;
    return true;
  }

  /** The customer's saved methods, default first, otherwise in the order they were saved. */
  defaultFirst(customer: Customer): VaultedMethod[] {
    // Array.prototype.sort is stable, so methods of equal rank keep their saving order.
    return [...customer.methods].sort((a, b) => Number(b.default) - Number(a.default));
  }

  #add<M extends NewVaultedMethod<VaultedMethod>>(
    customer: Customer,
    method: M,
    makeDefault: boolean,
  ): M & VaultedMethodBase {
    const isDefault = makeDefault || customer.methods.length === 0;
    if (isDefault) for (const saved of customer.methods) saved.default = false;
    const token = `${TOKEN_PREFIX[method.type]}${randomBytes(4).toString('hex')}`;
    const vaulted = { ...method, token, default: isDefault };
    customer.methods.push(vaulted);
    return vaulted;
  }
}
