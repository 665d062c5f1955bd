/**
 * Card verification as run when a card is vaulted under a client token made with `verifyCard`.
 * Outcomes come from the test values of docs/sandbox.md, "Card test values".
 * @packageDocumentation
 */
import { CARD_ERRORS, type CardInput } from './card-input';
import { validationReply, type FieldError, type Reply } from './http';
import {
  CVV_RESPONSE_CODES,
  FRAUD_NUMBERS,
  POSTAL_CODE_RESPONSE_CODES,
  PROCESSOR_DECLINED_NUMBERS,
  PROCESSOR_FAILURE_NUMBERS,
  PROCESSOR_RESPONSES,
} from './test-values';

/** The `verification` object of a failed verification's answer. */
export interface Verification {
  status: 'verified' | 'processor_declined' | 'failed' | 'gateway_rejected';
  processorResponseCode: string | null;
  processorResponseText: string | null;
  gatewayRejectionReason: 'fraud' | 'cvv' | 'avs' | 'avs_and_cvv' | null;
  cvvResponseCode: string;
  avsPostalCodeResponseCode: string;
}

/** CVV response code: `I` when none was sent, the test value's code, otherwise `M`. */
export function cvvResponseCode(cvv: string | null): string {
  return cvv === null ? 'I' : (CVV_RESPONSE_CODES[cvv] ?? 'M');
}

/** AVS postal-code response code: `I` when none was sent, the test value's code, otherwise `M`. */
export function avsPostalCodeResponseCode(postalCode: string | null): string {
  return postalCode === null ? 'I' : (POSTAL_CODE_RESPONSE_CODES[postalCode] ?? 'M');
}

/** Verify a card. */
export function verifyCard(card: CardInput): Verification {
  const codes = {
    cvvResponseCode: cvvResponseCode(card.cvv),
    avsPostalCodeResponseCode: avsPostalCodeResponseCode(card.postalCode),
  };
  const none = { processorResponseCode: null, processorResponseText: null, gatewayRejectionReason: null };
  if (FRAUD_NUMBERS.includes(card.number)) {
    return { ...none, status: 'gateway_rejected', gatewayRejectionReason: 'fraud', ...codes };
  }
  if (PROCESSOR_DECLINED_NUMBERS.includes(card.number)) {
    const { code, text } = PROCESSOR_RESPONSES.declined;
    return {
      ...none,
      status: 'processor_declined',
      processorResponseCode: code,
      processorResponseText: text,
      ...codes,
    };
  }
  if (PROCESSOR_FAILURE_NUMBERS.includes(card.number)) {
    const { code, text } = PROCESSOR_RESPONSES.failed;
    return { ...none, status: 'failed', processorResponseCode: code, processorResponseText: text, ...codes };
  }
  const cvvFailed = codes.cvvResponseCode === 'N';
  const avsFailed = codes.avsPostalCodeResponseCode === 'N';
  if (cvvFailed || avsFailed) {
    const reason = cvvFailed && avsFailed ? 'avs_and_cvv' : cvvFailed ? 'cvv' : 'avs';
    return { ...none, status: 'gateway_rejected', gatewayRejectionReason: reason, ...codes };
  }
  return {
    ...none,
    status: 'verified',
    processorResponseCode: '1000',
    processorResponseText: 'Approved',
    ...codes,
  };
}

/**
 * The 422 answer of a failed verification, or `null` when it passed. CVV and postal-code
 * mismatches are field errors (81736, 81737) so hosted fields can map them; the others carry an
 * empty `fieldErrors` and the `verification` object.
 */
export function verificationFailureReply(verification: Verification): Reply | null {
  if (verification.status === 'verified') return null;
  const reason = verification.gatewayRejectionReason;
  if (reason === 'cvv' || reason === 'avs' || reason === 'avs_and_cvv') {
    const errors: FieldError[] = [];
    if (reason !== 'avs') errors.push(CARD_ERRORS.cvvVerification);
    if (reason !== 'cvv') errors.push(CARD_ERRORS.postalCodeVerification);
    return validationReply(errors, 'creditCard', { verification });
  }
  const message = reason === 'fraud' ? 'Gateway Rejected: fraud' : 'Credit card verification failed';
  return { status: 422, body: { error: { message }, fieldErrors: [], verification } };
}
