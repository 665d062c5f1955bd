/**
 * Venmo's desktop modal: the QR code of the payment, which the shopper scans with the phone, in a
 * modal dialog like the 3D Secure one. The page behind is inert, focus starts on the close button
 * (the one control: Tab stays on it), and closing it (the button or Escape) cancels the payment.
 */
import { useEffect, useRef } from 'react';
import type { WalletDialogState } from '../controller';
import { useTexts } from './texts-context';

/** Properties of {@link VenmoModal}. */
export interface VenmoModalProps {
  /** The wallet's dialog while it shows; `undefined` closes the modal. */
  dialog: WalletDialogState | undefined;
}

/** Venmo's desktop modal. */
export function VenmoModal({ dialog }: VenmoModalProps) {
  const { text } = useTexts();
  const close = useRef<HTMLButtonElement>(null);
  const element = useRef<HTMLDialogElement>(null);
  const open = dialog !== undefined;

  // Open: focus moves to the close button. Closed: the dialog gives it back where it was, or the
  // sheet's heading takes it when nothing has it.
  useEffect(() => {
    const modal = element.current;
    if (!open || !modal) return;
    modal.showModal();
    close.current?.focus();
    return () => {
      modal.close();
      setTimeout(() => {
        if (document.activeElement === document.body)
          (modal.getRootNode() as ShadowRoot)
            .querySelector<HTMLElement>('[data-view]:not([hidden]) [tabindex="-1"]')
            ?.focus();
      });
    };
  }, [open]);

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
