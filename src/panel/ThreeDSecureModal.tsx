/**
 * The 3D Secure modal: holds the bank's 400 × 400 authentication frame while the shopper verifies
 * the card. Closing it (the button or Escape) cancels the verification; the panel then goes on with
 * the card as the lookup answered it.
 */
import { useEffect, useRef, type RefObject } from 'react';
import { useTexts } from './texts-context';

/** Properties of {@link ThreeDSecureModal}. */
export interface ThreeDSecureModalProps {
  open: boolean;
  /** Where the bank frame is placed; the panel hands it to the verification. */
  frameContainer: RefObject<HTMLDivElement | null>;
  onCancel: () => void;
}

/** The 3D Secure modal. */
export function ThreeDSecureModal({ open, frameContainer, onCancel }: ThreeDSecureModalProps) {
  const { text } = useTexts();
  const close = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  // Focus moves into the modal when it opens, so Escape and Tab act on it.
  useEffect(() => {
    if (open) close.current?.focus();
  }, [open]);

  // Escape closes the modal, as dialogs do.
  useEffect(() => {
    const element = dialog.current;
    if (!element || !open) return;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onCancel();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => {
      element.removeEventListener('keydown', onKeyDown);
    };
  }, [open, onCancel]);

  return (
    <div
      className="three-d-secure-modal"
      part="three-d-secure-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby="three-d-secure-label"
      hidden={!open}
      ref={dialog}
    >
      <div className="modal-box">
        <header className="modal-header">
          <h2 className="sheet-label" id="three-d-secure-label">
            {text('cardVerification')}
          </h2>
          <button
            type="button"
            className="modal-close"
            ref={close}
            aria-label={text('closeCardVerification')}
            onClick={onCancel}
          >
            ×
          </button>
        </header>
        <div className="bank-frame" part="bank-frame" ref={frameContainer} />
      </div>
    </div>
  );
}
