/**
 * The sheet of any wallet option: it loads the option's file (`WALLET_FILES`), which makes the one
 * wallet sheet over its wallet (src/methods/wallet.ts), and tells the merchant when the file cannot
 * come. The wallet sheet's own code travels in the wallets' files, not in the runtime every page
 * loads; no wallet has a branch of its own here.
 * @packageDocumentation
 */
import type { TextKey } from '../../../i18n/en-US';
import type { WalletSheetPart } from '../../../methods/wallet';
import { WALLET_FILES, type WalletOption } from '../../../model';
import { MODULE_INTEGRITY } from '../../../shared/build-constants';
import { createError, isPanelError } from '../../../shared/errors';
import type { Sheet, SheetContext } from '../sheet';

/** A wallet's sheet, and what the coordinator does with it beside its lifecycle. */
export interface WalletSheet extends Sheet {
  /** Whether its file or its readiness is awaited: the option's second start waits for this one. */
  readonly starting: boolean;
  /** Pays with the wallet; called synchronously inside the shopper's click on its button. */
  pay(): void;
  /** What the sheet says to `requestPaymentMethod()`, when the wallet has words of its own. */
  readonly requestText: TextKey | undefined;
}

/** The sheet of a wallet option. */
export function createWalletSheet(context: SheetContext, option: WalletOption): WalletSheet {
  let part: WalletSheetPart | undefined;
  let starting = false;

  /** A file that fails, or a wallet that cannot be used with these options, drops the option and tells the merchant. */
  const start = async (): Promise<void> => {
    try {
      const name = WALLET_FILES[option];
      // A file whose hash the runtime carries (Venmo's) is loaded with it; the others with the first script's.
      const file = await context.loadModule(
        name,
        undefined,
        Object.hasOwn(MODULE_INTEGRITY, name) ? MODULE_INTEGRITY : undefined,
      );
      part = file.startSheet(context, option);
      await part.started;
    } catch (error) {
      const failure = isPanelError(error) ? error : createError('MODULE_LOAD_FAILED', { module: option });
      if (context.signal.aborted) return;
      context.report(failure);
      context.ready(failure);
      context.changed();
      context.leave();
    } finally {
      starting = false;
    }
  };

  return {
    get available() {
      return part?.available === true;
    },

    get starting() {
      return starting;
    },

    get requestText() {
      return part?.requestText;
    },

    start() {
      starting = true;
      void start();
    },

    /** A wallet hands over nothing when asked: its button pays, and lists what it paid with. */
    request: () => Promise.resolve(),

    teardown() {
      part?.teardown();
    },

    pay() {
      part?.pay();
    },

    snapshot(parts) {
      part?.snapshot(parts.wallets);
    },
  };
}
