/**
 * The sheet-level error area (part `sheet-error`). Its live region stays in the page while empty,
 * so assistive technology announces each message put into it.
 */

/** Properties of {@link SheetError}. */
export interface SheetErrorProps {
  /** What went wrong, in the shopper's words; nothing shows without it. */
  message: string | null | undefined;
}

/** The sheet-level error area. */
export function SheetError({ message }: SheetErrorProps) {
  return (
    <div className="alert" role="alert">
      {message && (
        <div className="sheet-error" part="sheet-error">
          {message}
        </div>
      )}
    </div>
  );
}
