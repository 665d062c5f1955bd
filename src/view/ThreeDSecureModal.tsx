/**
 * The 3D Secure modal: a modal dialog showing the bank's 400 × 400 authentication frame (3D Secure
 * 1) or the issuer's challenge frame in the window size asked for (3D Secure 2) while the shopper
 * verifies the card. The page behind is inert, focus starts on the close button and Tab
 * and Shift+Tab cycle between it and the bank's frame. Closing it (the button, or Escape while
 * focus is on the panel's side of the frame) cancels the verification; the panel then goes on
 * with the card as the lookup answered it.
 */
import { useRef } from 'react';
import { BANK_FRAME_SLOT } from '../controller';
import { useTexts } from './texts-context';
import { useModal } from './use-modal';

/** Properties of {@link ThreeDSecureModal}. */
export interface ThreeDSecureModalProps {
  /** Whether the modal shows: from the bank frame's arrival until its removal. */
  open: boolean;
  /** The shopper closed the modal (its button or Escape): the verification is to be cancelled. */
  onCancel: () => void;
}

/** The 3D Secure modal. */
export function ThreeDSecureModal({ open, onCancel }: ThreeDSecureModalProps) {
  const { text } = useTexts();
  const { dialog, close } = useModal(open);
  const endStop = useRef<HTMLSpanElement>(null);
  // Set while Shift+Tab from the close button passes through the end stop on its way into the bank's frame.
  const backwards = useRef(false);

  return (
    <dialog
      className="three-d-secure-modal"
      part="three-d-secure-modal"
      aria-modal="true"
      aria-labelledby="three-d-secure-label"
      ref={dialog}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <header className="modal-header">
        <h2 className="sheet-label" part="heading" id="three-d-secure-label">
          {text('cardVerification')}
        </h2>
        <button
          type="button"
          className="modal-close"
          part="close-button"
          ref={close}
          aria-label={text('closeCardVerification')}
          onClick={onCancel}
          onKeyDown={(event) => {
            // Backwards from the first control: into the bank's frame at its last control, not out of the
            // dialog. The key goes on from the end stop, after the frame, so the browser enters the frame as it
            // enters any: Firefox ignores a cross-origin frame's focus() while the key is handled.
            if (event.key === 'Tab' && event.shiftKey) {
              backwards.current = true;
              endStop.current?.focus();
            }
          }}
        >
          ×
        </button>
      </header>
      <div className="bank-frame" part="bank-frame">
        <slot name={BANK_FRAME_SLOT} />
      </div>
      {/* Past the bank's frame, focus wraps to the close button: a focus trap's end stop. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <span
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        ref={endStop}
        onFocus={() => {
          if (backwards.current) backwards.current = false;
          else close.current?.focus();
        }}
      />
    </dialog>
  );
}
