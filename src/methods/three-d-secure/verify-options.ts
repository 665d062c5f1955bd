/**
 * What a 3D Secure 2 verification tells the issuer besides the card, as the merchant gives it, and
 * how it goes into the lookup's body (the provider's names: `additionalInfo.billingLine1`…).
 * @packageDocumentation
 */

/**
 * Size of the issuer's challenge window (EMV 3DS): `01` 250 × 400, `02` 390 × 400, `03` 500 × 600
 * (the default), `04` 600 × 400, `05` full screen.
 */
export type AcsWindowSize = '01' | '02' | '03' | '04' | '05';

/** Width and height of each challenge window; `null` for the full screen. */
export const ACS_WINDOW_SIZES: Readonly<Record<AcsWindowSize, { width: number; height: number } | null>> = {
  '01': { width: 250, height: 400 },
  '02': { width: 390, height: 400 },
  '03': { width: 500, height: 600 },
  '04': { width: 600, height: 400 },
  '05': null,
};

/** The window the issuer's page gets unless the merchant asks for another. */
export const DEFAULT_ACS_WINDOW_SIZE: AcsWindowSize = '03';

/** An address as 3D Secure 2 takes it (the shopper's billing address, or where the order ships). */
export interface ThreeDSecureAddress {
  givenName?: string;
  surname?: string;
  phoneNumber?: string;
  /** First line. */
  streetAddress?: string;
  /** Second line. */
  extendedAddress?: string;
  line3?: string;
  /** City. */
  locality?: string;
  /** State or region, e.g. `CA`. */
  region?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2, e.g. `US`. */
  countryCodeAlpha2?: string;
}

/** What else the issuer may weigh: the challenge window's size, shipping, the shopper's account… */
export interface ThreeDSecureAdditionalInformation {
  /** Size of the issuer's challenge window; `03` when not given. */
  acsWindowSize?: AcsWindowSize;
  /** Where the order ships. */
  shippingAddress?: ThreeDSecureAddress;
  /** Any other field of the provider's `additionalInformation` (`shippingMethod`, `workPhoneNumber`…). */
  [field: string]: unknown;
}

/** The options of a 3D Secure 2 verification besides the card and the amount. */
export interface ThreeDSecure2Options {
  /** The shopper's email address. */
  email?: string;
  mobilePhoneNumber?: string;
  billingAddress?: ThreeDSecureAddress;
  additionalInformation?: ThreeDSecureAdditionalInformation;
  /** Asks the issuer to challenge the shopper. */
  challengeRequested?: boolean;
  /** Asks for a data-only verification, without authentication. */
  dataOnlyRequested?: boolean;
  /** Asks the issuer to exempt the payment from strong customer authentication. */
  exemptionRequested?: boolean;
  requestedExemptionType?: 'low_value' | 'transaction_risk_analysis';
  /** Which account of a combo card pays. */
  accountType?: 'credit' | 'debit';
  /** The card is being saved, not charged. */
  cardAdd?: boolean;
}

/** The keys of {@link ThreeDSecure2Options} that go to the lookup's top level as they are. */
const TOP_LEVEL = [
  'challengeRequested',
  'dataOnlyRequested',
  'exemptionRequested',
  'requestedExemptionType',
  'accountType',
  'cardAdd',
] as const;

/** An address's fields under the provider's prefixed names (`billingLine1`, `shippingCity`…). */
function putAddress(target: Record<string, unknown>, prefix: string, address: ThreeDSecureAddress): void {
  const fields: Record<string, string | undefined> = {
    Line1: address.streetAddress,
    Line2: address.extendedAddress,
    Line3: address.line3,
    City: address.locality,
    State: address.region,
    PostalCode: address.postalCode,
    CountryCode: address.countryCodeAlpha2,
  };
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') target[`${prefix}${name}`] = value;
  }
}

/** The window size asked for, or the default when the value is none of the five. */
export function acsWindowSizeOf(options: ThreeDSecure2Options): AcsWindowSize {
  const asked = options.additionalInformation?.acsWindowSize;
  return typeof asked === 'string' && Object.hasOwn(ACS_WINDOW_SIZES, asked)
    ? asked
    : DEFAULT_ACS_WINDOW_SIZE;
}

/**
 * The merchant's part of the lookup's body: `additionalInfo` (the billing and shipping addresses
 * flattened under the provider's names, the e-mail and phone, any other additional information,
 * and the challenge window's size) and the top-level requests.
 */
export function lookupFields(options: ThreeDSecure2Options): Record<string, unknown> {
  const { shippingAddress, ...other } = options.additionalInformation ?? {};
  const additionalInfo: Record<string, unknown> = { ...other, acsWindowSize: acsWindowSizeOf(options) };
  if (shippingAddress) putAddress(additionalInfo, 'shipping', shippingAddress);
  const billing = options.billingAddress;
  if (billing) {
    const named = {
      GivenName: billing.givenName,
      Surname: billing.surname,
      PhoneNumber: billing.phoneNumber,
    };
    for (const [name, value] of Object.entries(named)) {
      if (typeof value === 'string') additionalInfo[`billing${name}`] = value;
    }
    putAddress(additionalInfo, 'billing', billing);
  }
  if (typeof options.email === 'string') additionalInfo.email = options.email;
  if (typeof options.mobilePhoneNumber === 'string')
    additionalInfo.mobilePhoneNumber = options.mobilePhoneNumber;
  const fields: Record<string, unknown> = { additionalInfo };
  for (const key of TOP_LEVEL) if (options[key] !== undefined) fields[key] = options[key];
  return fields;
}
