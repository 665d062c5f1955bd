/**
 * The vault manager's sheet (docs/vault-manager.md): with the merchant's `vaultManager` option and a
 * client token for a customer, the shopper edits the saved methods and deletes one after a
 * confirmation. The sheet holds what is being edited and asked, and deletes; the coordinator moves
 * between the list and the confirmation, which the panel model knows as views.
 * @packageDocumentation
 */
import type { RawPaymentMethod } from '../../../model';
import { MODULE_INTEGRITY } from '../../../shared/build-constants';
import { isPanelError } from '../../../shared/errors';
import type { Sheet, SheetContext } from '../sheet';

/** The vault manager's sheet: the lifecycle every sheet has, and the shopper's steps. */
export interface VaultManagerSheet extends Sheet {
  /** Whether the merchant offers it (its option) and the shopper is a customer. */
  readonly available: boolean;
  /** The saved methods are being edited (the confirmation included). */
  readonly editing: boolean;
  /** The method whose deletion is being asked or under way. */
  readonly confirming: RawPaymentMethod | null;
  /** Starts editing the saved methods. */
  edit(): void;
  /** Stops editing (and asking): the list is the list again. */
  stopEditing(): void;
  /** Asks whether to delete a listed method; answers whether it asks (not while a deletion runs). */
  choose(method: RawPaymentMethod): boolean;
  /** Takes back the question; answers whether there was one to take back. */
  cancel(): boolean;
  /**
   * Deletes the method asked about: resolves with it once deleted, with `null` when there was
   * nothing to delete (or one runs already) or the deletion failed, which the merchant hears
   * (`errorOccurred`) and the shopper reads in the sheet-level area.
   */
  confirm(): Promise<RawPaymentMethod | null>;
}

function detail(method: RawPaymentMethod, key: string): string | undefined {
  const value = method.details[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The vault manager's sheet. */
export function createVaultManagerSheet(context: SheetContext): VaultManagerSheet {
  let editing = false;
  let confirming: RawPaymentMethod | null = null;
  let returnTo: RawPaymentMethod | null = null;
  let deleting = false;

  /** The deletion's file, whose hash the runtime carries rather than the first script. */
  const load = () => context.loadModule('vault-manager', undefined, MODULE_INTEGRITY);

  const changed = (): void => {
    context.changed();
  };

  /** The question the drop-in asks of each kind of method, the generic one when details are missing. */
  const question = (method: RawPaymentMethod): string => {
    const { text } = context.texts();
    const brand = detail(method, 'cardType');
    const lastFour = detail(method, 'lastFour');
    const email = detail(method, 'email');
    if (method.type === 'CreditCard' && brand && lastFour) {
      return text('creditCardDeleteConfirmation', { brand, lastFour });
    }
    if (method.type === 'PayPalAccount' && email) return text('payPalAccountDeleteConfirmation', { email });
    return text('genericDeleteConfirmation');
  };

  return {
    get available() {
      return context.options().vaultManager === true && !context.client.authorization.guest;
    },
    get editing() {
      return editing;
    },
    get confirming() {
      return confirming;
    },

    /** Nothing to start: the saved methods' sheet fetches the list. */
    start() {
      context.ready();
    },

    /** Hands over nothing: deleting is not paying. */
    request: () => Promise.resolve(),

    /** A deletion under way ends with the coordinator's signal; nothing else was made. */
    teardown: () => undefined,

    edit() {
      // The deletion's file, fetched while the shopper picks a method; `confirm` waits for it.
      load().catch(() => undefined);
      editing = true;
      returnTo = null;
      changed();
    },

    stopEditing() {
      if (!editing) return;
      editing = false;
      confirming = null;
      returnTo = null;
      changed();
    },

    choose(method) {
      if (!editing || deleting || !context.model.getSnapshot().paymentMethods.includes(method)) return false;
      confirming = method;
      returnTo = null;
      changed();
      return true;
    },

    cancel() {
      if (!confirming || deleting) return false;
      returnTo = confirming;
      confirming = null;
      changed();
      return true;
    },

    async confirm() {
      const method = confirming;
      if (!method || deleting) return null;
      deleting = true;
      changed();
      const { analytics } = context.client;
      try {
        const { deletePaymentMethod } = await load();
        if (context.signal.aborted) return null;
        await deletePaymentMethod(context.client, method.nonce, context.signal);
        analytics.send('manager.delete.succeeded');
        return method;
      } catch (error) {
        if (context.signal.aborted) return null;
        analytics.send('manager.delete.failed');
        // The merchant hears the catalogue error (the file's, when it could not load); the
        // shopper reads the sheet's own text.
        if (isPanelError(error)) context.report(error);
        context.notice(context.texts().text('vaultManagerPaymentMethodDeletionError'));
        return null;
      } finally {
        deleting = false;
        confirming = null;
        if (!context.signal.aborted) changed();
      }
    },

    snapshot(parts) {
      parts.vaultManager = this.available
        ? {
            editing,
            confirming,
            question: confirming ? question(confirming) : '',
            deleting,
            returnTo,
          }
        : null;
    },
  } satisfies VaultManagerSheet & { snapshot: NonNullable<Sheet['snapshot']> };
}
