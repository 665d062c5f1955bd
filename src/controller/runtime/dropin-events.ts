/**
 * The drop-in's view and card events, as the element fires them (docs/element.md, "Events"): the
 * one table from the panel's views to the drop-in's view ids, and the card fields' state as the
 * drop-in's `card:*` events carried it. They travel in the runtime file: the first script has no
 * room for them, and nothing fires them before the runtime runs.
 * @packageDocumentation
 */
import type { HostedFieldsEvent, HostedFieldsState } from '../../methods/hosted-fields';
import type { FieldKey } from '../../shared/hosted-fields';
import type { CardEventDetail, ChangeActiveViewDetail, PanelViewId, PaymentPanelEventName } from '../events';
import type { SheetId } from '../view-contract';

/**
 * The drop-in's id of each view the panel shows. A new view of the panel (a sheet, a step of the
 * saved methods) needs its row here, and nothing else, for `changeActiveView` to name it.
 */
export const VIEW_IDS: Readonly<Record<SheetId, PanelViewId>> = {
  card: 'card',
  paypal: 'paypal',
  paypalCredit: 'paypalCredit',
  applePay: 'applePay',
  googlePay: 'googlePay',
  methods: 'methods',
  options: 'options',
};

/**
 * The `changeActiveView` detail of a move from the view `previous` (`null` before the first) to
 * `next`, or `null` when there is nothing to announce: the view stays, or it has no drop-in id.
 */
export function changeActiveViewDetail(
  previous: string | null,
  next: string | null,
): ChangeActiveViewDetail | null {
  const newViewId = next === null ? undefined : VIEW_IDS[next as SheetId];
  if (previous === next || newViewId === undefined) return null;
  return {
    previousViewId: previous === null ? undefined : VIEW_IDS[previous as SheetId],
    newViewId,
  };
}

/** The element's event of each event of the card fields (the drop-in's `card:<event>`). */
export const CARD_EVENTS = {
  focus: 'cardFocus',
  blur: 'cardBlur',
  empty: 'cardEmpty',
  notEmpty: 'cardNotEmpty',
  validityChange: 'cardValidityChange',
  cardTypeChange: 'cardCardTypeChange',
  inputSubmitRequest: 'cardInputSubmitRequest',
} as const satisfies Record<HostedFieldsEvent, PaymentPanelEventName>;

/**
 * A card event's `detail` from the state the fields reported with it: the brands, the field that
 * reported and each field's state with its container. Copied, so a merchant's handler that changes
 * it changes nothing of the panel's. `null` for a state no field reported (the fields report
 * `emittedBy` with every event).
 */
export function cardEventDetail(state: HostedFieldsState): CardEventDetail | null {
  const { emittedBy } = state;
  if (!emittedBy) return null;
  const fields: CardEventDetail['fields'] = {};
  for (const [key, field] of Object.entries(state.fields)) {
    const { isEmpty, isValid, isPotentiallyValid, isFocused, container } = field;
    fields[key as FieldKey] = { isEmpty, isValid, isPotentiallyValid, isFocused, container };
  }
  return {
    cards: state.cards.map((card) => ({ ...card, code: { ...card.code } })),
    emittedBy,
    fields,
  };
}
