/**
 * What a 3D Secure 2 verification tells the issuer besides the card, as the merchant gives it, and
 * how it goes into the lookup's body (the provider's names: `additionalInfo.billingLine1`…).
 * The options themselves are declared in src/model/options.ts.
 * @packageDocumentation
 */
import type { AcsWindowSize, ThreeDSecure2Options, ThreeDSecureAddress } from '../../model/options';

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

/** The keys of {@link ThreeDSecure2Options} that go to the lookup's top level as they are. */
const TOP_LEVEL = [
  'challengeRequested',
  'dataOnlyRequested',
  'exemptionRequested',
  'requestedExemptionType',
  'accountType',
  'cardAdd',
  'cardAddChallengeRequested',
  'merchantName',
  'customFields',
  'customer',
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
