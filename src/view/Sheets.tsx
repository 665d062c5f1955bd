/**
 * The panel's sheets: the saved methods, the payment option list, each option's sheet, the 3D
 * Secure modal and the "other ways to pay" toggle. They render the controller's state; every
 * choice the shopper makes goes to the controller.
 */
import { useEffect, useRef } from 'react';
import type { SheetsState, VaultManagerAction, ViewController } from '../controller';
import { ApplePayButton } from './ApplePayButton';
import { CardSheet } from './CardSheet';
import { DeleteConfirmation } from './DeleteConfirmation';
import { WalletIconsContext } from './OptionIcon';
import { PaymentOptionList } from './PaymentOptionList';
import { PayPalButton } from './PayPalButton';
import { SavedMethods } from './SavedMethods';
import { SheetError } from './SheetError';
import { ThreeDSecureModal } from './ThreeDSecureModal';
import { useTexts } from './texts-context';
import { VenmoButton } from './VenmoButton';
import { VenmoModal } from './VenmoModal';
import { WalletSheet } from './WalletSheet';

/** Properties of {@link Sheets}. */
export interface SheetsProps {
  controller: ViewController;
  state: SheetsState;
  /** Whether the panel is ready: until then the sheets stay hidden. */
  ready: boolean;
}

/** The element that has focus in the view, or in the element around it (a card frame). */
function focusedElement(root: ShadowRoot): Element | null {
  if (root.activeElement) return root.activeElement;
  const outer = root.host.getRootNode();
  const focused = outer instanceof ShadowRoot ? outer.activeElement : null;
  return focused === root.host ? null : focused;
}

/**
 * Whether an element is rendered. `checkVisibility()` arrived in Safari 17.4; before it, an element
 * in a hidden (`display: none`) subtree has no boxes.
 */
export function isRendered(element: Element): boolean {
  const { checkVisibility } = element as Partial<Pick<Element, 'checkVisibility'>>;
  return checkVisibility ? checkVisibility.call(element) : element.getClientRects().length > 0;
}

/** The sheets. */
export function Sheets({ controller, state, ready }: SheetsProps) {
  const { text } = useTexts();
  const rootRef = useRef<HTMLDivElement>(null);
  const { activeView, offered, methods, activeMethod, card, wallets, verifying, focusRequest, vaultManager } =
    state;

  // After a shopper's switch, focus moves to the new view's heading; so it does when the view it
  // was in went (a wallet or a card handed over its method). After the paint: moving focus makes
  // the browser lay the page out, which the merchant's awaited payment need not wait for.
  const focusedFor = useRef(focusRequest);
  useEffect(() => {
    const requested = focusedFor.current !== focusRequest;
    focusedFor.current = focusRequest;
    const root = rootRef.current?.getRootNode();
    if (!(root instanceof ShadowRoot)) return;
    const focused = focusedElement(root);
    if (!requested && (!focused || isRendered(focused))) return;
    const selector = `[data-view="${activeView ?? ''}"]:not([hidden])`;
    rootRef.current?.querySelector<HTMLElement>(`${selector} h2, ${selector} .list-heading`)?.focus();
  }, [activeView, focusRequest]);

  const inSheet =
    activeView !== null &&
    activeView !== 'methods' &&
    activeView !== 'options' &&
    activeView !== 'delete-confirmation';
  const showToggle =
    (activeView === 'methods' && offered.length > 0 && !vaultManager?.editing) ||
    (inSheet && (offered.length > 1 || methods.length > 0));
  const manage = (action: VaultManagerAction): void => {
    controller.vaultManager(action);
  };

  return (
    <WalletIconsContext value={state.icons}>
      <div className="sheets" ref={rootRef}>
        <div className="wrapper" part="wrapper" hidden={!ready} data-active-view={activeView ?? undefined}>
          <SheetError message={state.message} />
          {(activeView === 'methods' || activeView === 'options') && methods.length > 0 && (
            <div data-view="methods">
              <SavedMethods
                methods={methods}
                active={activeMethod}
                onSelect={(method) => {
                  controller.selectMethod(method);
                }}
                manager={activeView === 'methods' ? vaultManager : null}
                onManage={manage}
                refreshing={state.refreshing}
              />
            </div>
          )}
          {activeView === 'delete-confirmation' && vaultManager?.confirming && (
            <div data-view="delete-confirmation">
              <DeleteConfirmation manager={vaultManager} onManage={manage} />
            </div>
          )}
          {activeView === 'options' && (
            <div data-view="options">
              <PaymentOptionList
                options={offered}
                heading={text(methods.length > 0 ? 'otherWaysToPay' : 'chooseAWayToPay')}
                onSelect={(option) => {
                  controller.selectOption(option);
                }}
              />
            </div>
          )}
          {card && (
            <div data-view="card" hidden={activeView !== 'card'}>
              <CardSheet
                card={card}
                onFocusField={(field) => {
                  controller.focusField(field);
                }}
                onSaveCard={(checked) => {
                  controller.saveCard(checked);
                }}
              />
            </div>
          )}
          {offered.map((option) => {
            if (option === 'card') return null;
            const wallet = wallets[option];
            return (
              <div data-view={option} key={option} hidden={activeView !== option}>
                <WalletSheet option={option} busy={wallet?.busy}>
                  {/* A wallet that draws its own button (Google): the panel places it, the sheet shows it here. */}
                  {wallet?.button && <slot name={wallet.button} />}
                  {wallet &&
                    (option === 'paypal' || option === 'paypalCredit' || option === 'paypalPayLater') && (
                      <PayPalButton
                        option={option}
                        wallet={wallet}
                        onPay={() => {
                          controller.payWith(option);
                        }}
                      />
                    )}
                  {wallet && option === 'venmo' && (
                    <VenmoButton
                      wallet={wallet}
                      onPay={() => {
                        controller.payWith('venmo');
                      }}
                    />
                  )}
                  {wallet && option === 'applePay' && (
                    <ApplePayButton
                      onPay={() => {
                        controller.payWith('applePay');
                      }}
                    />
                  )}
                </WalletSheet>
              </div>
            );
          })}
          {wallets.venmo && <VenmoModal dialog={wallets.venmo.dialog} />}
          <ThreeDSecureModal
            open={verifying}
            onCancel={() => {
              controller.cancelVerification();
            }}
          />
          {showToggle && (
            <section className="other-ways" part="other-ways" aria-label={text('otherWaysToPay')}>
              <button
                type="button"
                className="toggle"
                part="toggle"
                onClick={() => {
                  controller.showOptions();
                }}
              >
                {text('chooseAnotherWayToPay')}
              </button>
            </section>
          )}
        </div>
      </div>
    </WalletIconsContext>
  );
}
