/**
 * The drop-in's view and card events, as the element fires them (docs/element.md, "Events"): the
 * one table from the panel's views to the drop-in's view ids, and the card fields' state as the
 * drop-in's `card:*` events carried it. They travel in the runtime file: the first script has no
 * room for them, and nothing fires them before the runtime runs.
 * @packageDocumentation
 */
import type { HostedFieldsEvent, HostedFieldsState } from '../../methods/hosted-fields';
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
  paypalPayLater: 'paypalPayLater',
  venmo: 'venmo',
  applePay: 'applePay',
  googlePay: 'googlePay',
  methods: 'methods',
  options: 'options',
  'delete-confirmation': 'delete-confirmation',
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

/** The element's event of an event of the card fields: `focus` is `cardFocus` (the drop-in's `card:focus`). */
export function cardEventName(event: HostedFieldsEvent): CardEventName {
  return `card${event[0]?.toUpperCase() ?? ''}${event.slice(1)}` as CardEventName;
}

/** An element event of the card fields' state. */
export type CardEventName = Extract<PaymentPanelEventName, `card${Capitalize<HostedFieldsEvent>}`>;

/**
 * A card event's `detail` from the state the fields reported with it: the brands, the field that
 * reported and each field's state with its container, which the fields hand each of their handlers
 * as a copy of its own. `null` for a state no field reported (the fields name the field with every
 * event).
 */
export function cardEventDetail(state: HostedFieldsState): CardEventDetail | null {
  return state.emittedBy ? (state as CardEventDetail) : null;
}
