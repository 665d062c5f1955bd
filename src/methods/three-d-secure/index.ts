/**
 * 3D Secure card verification, page side.
 * @packageDocumentation
 */
export {
  BANK_FRAME_CLASS,
  DEFAULT_BANK_FRAME_TITLE,
  createThreeDSecure,
  type ThreeDSecure,
  type ThreeDSecureOptions,
  type VerifyCardOptions,
  type VerifyCardResult,
} from './three-d-secure';
export type { ThreeDSecureInfo } from './responses';
export { SONGBIRD_URLS, SONGBIRD_SETUP_TIMEOUT_MS, offeredVersion } from './songbird';
