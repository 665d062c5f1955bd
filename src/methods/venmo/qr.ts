/**
 * The desktop QR code (docs/venmo.md, "How a payment goes"): the payment context's link encoded by `uqr`, a
 * small, dependency-free encoder that only Venmo's file carries, drawn by the view as one SVG path.
 * @packageDocumentation
 */
import { encode } from 'uqr';

/** A QR code as the view draws it. */
export interface QrCodeImage {
  /** Modules per side, the quiet zone included: the SVG's `viewBox` is `0 0 size size`. */
  size: number;
  /** An SVG path of the dark modules, one unit each. */
  path: string;
}

/** Modules of light margin around the code, as scanners expect. */
const QUIET_ZONE = 4;

/** Encodes `text` (medium error correction, which survives a screen's glare) as an SVG path. */
export function qrCodeImage(text: string): QrCodeImage {
  const { data, size } = encode(text, { ecc: 'M', border: QUIET_ZONE });
  let path = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, path };
}
