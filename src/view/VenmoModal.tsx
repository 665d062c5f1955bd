/**
 * Venmo's desktop modal: the QR code of the payment, which the shopper scans with the phone, in a
 * modal dialog like the 3D Secure one. The page behind is inert, focus starts on the close button
 * (the one control: Tab stays on it), and closing it (the button or Escape) cancels the payment.
 */
import type { WalletDialogState } from '../controller';
import { useTexts } from './texts-context';
import { useModal } from './use-modal';

/** Properties of {@link VenmoModal}. */
export interface VenmoModalProps {
  /** The wallet's dialog while it shows; `undefined` closes the modal. */
  dialog: WalletDialogState | undefined;
}

/** Venmo's desktop modal. */
export function VenmoModal({ dialog }: VenmoModalProps) {
  const { text } = useTexts();
  const { dialog: element, close } = useModal(dialog !== undefined);

  return (
    <dialog
      className="venmo-modal"
      part="venmo-modal"
      aria-modal="true"
      aria-labelledby="venmo-modal-label"
      aria-describedby="venmo-modal-status"
      ref={element}
      onCancel={(event) => {
        event.preventDefault();
        dialog?.close();
      }}
    >
      <header className="modal-header">
        <h2 className="sheet-label" part="heading" id="venmo-modal-label">
          {text('venmoScanHeading')}
        </h2>
        <button
          type="button"
          className="modal-close"
          part="close-button"
          ref={close}
          aria-label={text('closeVenmo')}
          onClick={() => dialog?.close()}
          onKeyDown={(event) => {
            // The modal's one control: Tab and Shift+Tab keep focus on it rather than leave the page.
            if (event.key === 'Tab') event.preventDefault();
          }}
        >
          ×
        </button>
      </header>
      {dialog && (
        <div className="venmo-qr" part="venmo-qr-code">
          <svg
            viewBox={`0 0 ${dialog.qr.size} ${dialog.qr.size}`}
            role="img"
            aria-label={text('venmoQrCode')}
            shapeRendering="crispEdges"
          >
            <rect width={dialog.qr.size} height={dialog.qr.size} fill="#fff" />
            <path d={dialog.qr.path} fill="#000" />
          </svg>
        </div>
      )}
      <p className="venmo-status" part="venmo-status" id="venmo-modal-status" role="status">
        {dialog?.authorizing ? text('venmoAuthorizing') : text('venmoScanInstructions')}
      </p>
    </dialog>
  );
}
