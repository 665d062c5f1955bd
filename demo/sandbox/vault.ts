/**
 * The vault: customers of each merchant and their saved cards. Customers are created on first use,
 * so a client token naming an unknown customer keeps working after a restart or a reset.
 * @packageDocumentation
 */
import { randomBytes } from 'node:crypto';
import { detectCardBrand, type CardRecord } from './card-details';
import { SEED_CUSTOMER } from './test-values';

/** A saved card. */
export interface VaultedCard {
  /** Payment method token. */
  token: string;
  card: CardRecord;
  default: boolean;
}

/** A customer of one merchant. */
export interface Customer {
  merchantId: string;
  customerId: string;
  cards: VaultedCard[];
}

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

  /** Restore the seed: only the seeded customer with its two cards. */
  reset(): void {
    this.#customers.clear();
    const customer = this.customer(SEED_CUSTOMER.merchantId, SEED_CUSTOMER.customerId);
    for (const seed of SEED_CUSTOMER.cards) {
      const card: CardRecord = {
        number: seed.number,
        cardType: detectCardBrand(seed.number).cardType,
        expirationMonth: '12',
        expirationYear: seedExpirationYear(),
        cardholderName: seed.cardholderName,
      };
      this.addCard(customer, card, seed.default);
    }
  }

  /** The customer, created empty if unknown. */
  customer(merchantId: string, customerId: string): Customer {
    const key = `${merchantId}\u0000${customerId}`;
    let customer = this.#customers.get(key);
    if (!customer) {
      customer = { merchantId, customerId, cards: [] };
      this.#customers.set(key, customer);
    }
    return customer;
  }

  /** The customer if it exists, without creating it. */
  findCustomer(merchantId: string, customerId: string): Customer | undefined {
    return this.#customers.get(`${merchantId}\u0000${customerId}`);
  }

  /** Save a card; it becomes the default when asked or when it is the customer's first. */
  addCard(customer: Customer, card: CardRecord, makeDefault: boolean): VaultedCard {
    const isDefault = makeDefault || customer.cards.length === 0;
    if (isDefault) for (const saved of customer.cards) saved.default = false;
    const vaulted: VaultedCard = { token: `vcc_${randomBytes(4).toString('hex')}`, card, default: isDefault };
    customer.cards.push(vaulted);
    return vaulted;
  }

  /** True when the customer already has a card with this number. */
  hasCardNumber(customer: Customer, number: string): boolean {
    return customer.cards.some((saved) => saved.card.number === number);
  }

  /** The customer's cards, default first, otherwise in the order they were saved. */
  defaultFirst(customer: Customer): VaultedCard[] {
    return [...customer.cards].sort((a, b) => Number(b.default) - Number(a.default));
  }
}
