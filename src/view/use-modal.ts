/**
 * What the panel's modal dialogs (3D Secure's, Venmo's) share: shown as a modal while open, with focus
 * on its close button; closed, the dialog gives focus back where it was, and when nothing has it then
 * (the control went with its sheet), the heading of the sheet the panel shows takes it.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** The refs a modal dialog hands to its `<dialog>` and its close button. */
export interface ModalRefs {
  dialog: RefObject<HTMLDialogElement | null>;
  close: RefObject<HTMLButtonElement | null>;
}

/**
 * Opens the dialog as a modal while `open`, focusing its close button, and closes it after.
 * @param open - whether the dialog shows
 */
export function useModal(open: boolean): ModalRefs {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!open || !element) return;
    element.showModal();
    close.current?.focus();
    return () => {
      element.close();
      setTimeout(() => {
        if (document.activeElement === document.body)
          (element.getRootNode() as ShadowRoot)
            .querySelector<HTMLElement>('[data-view]:not([hidden]) [tabindex="-1"]')
            ?.focus();
      });
    };
  }, [open]);
  return { dialog, close };
}
