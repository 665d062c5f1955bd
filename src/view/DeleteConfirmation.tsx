/**
 * The vault manager's question whether to delete a saved method (view `delete-confirmation`,
 * docs/vault-manager.md): "Delete" takes the focus as it shows; "Cancel" or Escape take the
 * question back.
 */
import type { KeyboardEvent } from 'react';
import type { VaultManagerAction, VaultManagerState } from '../controller';
import { useTexts } from './texts-context';

/** Properties of {@link DeleteConfirmation}. */
export interface DeleteConfirmationProps {
  manager: VaultManagerState;
  onManage: (action: VaultManagerAction) => void;
}

/** The question whether to delete a saved method. */
export function DeleteConfirmation({ manager, onManage }: DeleteConfirmationProps) {
  const { text } = useTexts();
  const { deleting } = manager;
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onManage({ type: 'cancelDelete' });
  };
  return (
    <section
      className="delete-confirmation"
      part="delete-confirmation"
      aria-labelledby="delete-confirmation-question"
      aria-busy={deleting}
    >
      <p className="delete-question" id="delete-confirmation-question">
        {manager.question}
      </p>
      <div className="delete-buttons">
        <button
          type="button"
          className="toggle"
          part="delete-cancel-button"
          aria-disabled={deleting}
          onKeyDown={onKeyDown}
          onClick={() => {
            onManage({ type: 'cancelDelete' });
          }}
        >
          {text('deleteCancelButton')}
        </button>
        <button
          type="button"
          className="delete-button"
          part="delete-confirmation-button"
          aria-disabled={deleting}
          // The question is the shopper's own step: the answer it expects takes the focus.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          onKeyDown={onKeyDown}
          onClick={() => {
            onManage({ type: 'confirmDelete' });
          }}
        >
          {text('deleteConfirmationButton')}
        </button>
      </div>
    </section>
  );
}
