/**
 * The card sheet: hosted fields for the card, the accepted-card icons, the detected brand, CVV and
 * expiry subheadings, inline errors, and the sheet-level error. Card data stays in the frames; the
 * sheet sees only field states and card-type candidates.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { GatewayClient } from '../client';
import type { TextKey, Texts } from '../i18n/en-US';
import { createHostedFields, type HostedFields, type HostedFieldsState } from '../methods/hosted-fields';
import { CARD_BRANDS, supportedBrands, type CardBrandType } from '../shared/card-brands';
import { createError, isPanelError, type PanelError } from '../shared/errors';
import type { CardCandidate, FieldKey } from '../shared/hosted-fields';
import { BrandIcon } from './icons/BrandIcon';
import { CardIcon } from './icons/CardIcon';
import { CvvIcon } from './icons/CvvIcon';
import { ErrorIcon } from './icons/ErrorIcon';
import { SheetError } from './SheetError';
import type { RawPaymentMethod } from '../model';
import { useTrackTeardown } from './teardown-context';
import { useTexts } from './texts-context';

/** The merchant's `card` option, as far as the sheet reads it. */
export interface CardOptions {
  /** Shows a cardholder name field; `required: true` makes it mandatory. */
  cardholderName?: boolean | { required?: boolean };
}

/** What the panel can ask of the card sheet once its fields are ready. */
export interface CardSheetHandle {
  /**
   * Tokenizes the card, or hands over the card tokenized last when no field changed since; shows
   * what to fix and rejects with the catalogue error otherwise.
   */
  request(): Promise<RawPaymentMethod>;
  /** Empties every field and forgets the card handed over. */
  clear(): void;
}

/** Properties of {@link CardSheet}. */
export interface CardSheetProps {
  client: GatewayClient;
  card?: CardOptions | undefined;
  /** Called on every field change with whether the sheet can produce a payment method without the shopper. */
  onRequestableChange: (requestable: boolean) => void;
  /** Receives the sheet's handle once its fields are ready, `null` when they go. */
  onHandle: (handle: CardSheetHandle | null) => void;
  /** Called when the card fields cannot be created. */
  onError: (error: PanelError) => void;
}

/** Tokenization errors the shopper sees in the sheet; FIELDS_* show at the fields instead. */
const SHEET_ERRORS = new Set([
  'HOSTED_FIELDS_FAILED_TOKENIZATION',
  'HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE',
  'HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED',
  'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
]);

const LABELS: Record<Exclude<FieldKey, 'expirationMonth' | 'expirationYear'>, TextKey> = {
  number: 'cardNumberLabel',
  expirationDate: 'expirationDateLabel',
  cvv: 'cvvLabel',
  postalCode: 'postalCodeLabel',
  cardholderName: 'cardholderNameLabel',
};

type SheetField = keyof typeof LABELS;

const EMPTY_TEXT: Record<SheetField, TextKey> = {
  number: 'fieldEmptyForNumber',
  expirationDate: 'fieldEmptyForExpirationDate',
  cvv: 'fieldEmptyForCvv',
  postalCode: 'fieldEmptyForPostalCode',
  cardholderName: 'fieldEmptyForCardholderName',
};

const INVALID_TEXT: Record<SheetField, TextKey> = {
  number: 'fieldInvalidForNumber',
  expirationDate: 'fieldInvalidForExpirationDate',
  cvv: 'fieldInvalidForCvv',
  postalCode: 'fieldInvalidForPostalCode',
  cardholderName: 'fieldTooLongForCardholderName',
};

/** The one brand the number is, when it is known. */
function detectedBrand(cards: readonly CardCandidate[]): CardBrandType | null {
  return cards.length === 1 && cards[0] ? cards[0].type : null;
}

/** Label, placeholder and frame title of each field, in the panel's texts. */
function fieldTexts(
  fields: readonly SheetField[],
  text: Texts['text'],
): Partial<Record<SheetField, { label: string; placeholder?: string; title: string }>> {
  return Object.fromEntries(
    fields.map((field) => {
      const label = text(LABELS[field]);
      return [
        field,
        {
          label,
          ...(field === 'expirationDate' ? { placeholder: text('expirationDatePlaceholder') } : {}),
          title: text('frameTitle', { label }),
        },
      ];
    }),
  );
}

/** The frames follow the panel's look (README, "Styling"): the computed colours and font around them. */
function frameStyles(element: Element): Record<string, Record<string, string>> {
  const look = getComputedStyle(element);
  return {
    input: {
      color: look.color,
      'background-color': look.getPropertyValue('--i'),
      'font-family': look.fontFamily,
      'font-size': look.fontSize,
    },
    '::placeholder': { color: look.getPropertyValue('--m') },
    '.invalid': { color: look.getPropertyValue('--e') },
  };
}

/** The card sheet. */
export function CardSheet({ client, card, onRequestableChange, onHandle, onError }: CardSheetProps) {
  const { text, errorText } = useTexts();
  const trackTeardown = useTrackTeardown();
  const gateway = client.configuration.gatewayConfiguration;
  const challenges = useMemo<readonly string[]>(() => gateway.challenges ?? [], [gateway]);
  const supported = useMemo(() => supportedBrands(gateway.creditCards?.supportedCardTypes ?? []), [gateway]);
  const nameOption = card?.cardholderName;
  const nameRequired = typeof nameOption === 'object' && nameOption.required === true;
  const fields = useMemo<SheetField[]>(
    () => [
      ...(nameOption ? (['cardholderName'] as const) : []),
      'number',
      'expirationDate',
      ...(challenges.includes('cvv') ? (['cvv'] as const) : []),
      ...(challenges.includes('postal_code') ? (['postalCode'] as const) : []),
    ],
    [nameOption, challenges],
  );

  const containers = {
    number: useRef<HTMLDivElement>(null),
    expirationDate: useRef<HTMLDivElement>(null),
    cvv: useRef<HTMLDivElement>(null),
    postalCode: useRef<HTMLDivElement>(null),
    cardholderName: useRef<HTMLDivElement>(null),
  } satisfies Record<SheetField, RefObject<HTMLDivElement | null>>;

  const [hostedFields, setHostedFields] = useState<HostedFields | null>(null);
  const [cards, setCards] = useState<CardCandidate[]>([]);
  const [errors, setErrors] = useState<Partial<Record<SheetField, string>>>({});
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<PanelError | null>(null);

  /** The error a field shows now, given its state; `submitted` also flags empty fields. */
  const fieldError = useCallback(
    (field: SheetField, state: HostedFieldsState, submitted: boolean): string | undefined => {
      const fieldState = state.fields[field];
      if (!fieldState) return undefined;
      const brand = detectedBrand(state.cards);
      if (field === 'number' && brand && !supported.includes(brand)) return text('unsupportedCardTypeError');
      if (fieldState.isEmpty) {
        const optional = field === 'cardholderName' && !nameRequired;
        return submitted && !optional ? text(EMPTY_TEXT[field]) : undefined;
      }
      if (!fieldState.isValid && (submitted || !fieldState.isFocused || !fieldState.isPotentiallyValid)) {
        return text(INVALID_TEXT[field]);
      }
      return undefined;
    },
    [supported, nameRequired, text],
  );

  /** Whether the form as it stands can be tokenized. */
  const isComplete = useCallback(
    (state: HostedFieldsState): boolean =>
      fields.every((field) => {
        const fieldState = state.fields[field];
        if (!fieldState) return false;
        // The frame judges a name only by its length; whether one is required is the sheet's rule.
        if (field === 'cardholderName' && fieldState.isEmpty) return !nameRequired;
        return fieldState.isValid;
      }) && supported.includes(detectedBrand(state.cards) ?? ('' as CardBrandType)),
    [fields, nameRequired, supported],
  );

  // The texts the frames were last given: a locale that changes later relabels them.
  const labelledWith = useRef(text);

  // Hosted fields live as long as the sheet and its client.
  useEffect(() => {
    let current = true;
    let created: HostedFields | null = null;
    // A sheet gone before its frames are ready stops waiting for them: frames, listener and timers go.
    const loading = new AbortController();
    labelledWith.current = text;
    const texts = fieldTexts(fields, text);
    const fieldOptions = Object.fromEntries(
      fields.map((field) => {
        const container = containers[field].current;
        if (!container) throw new Error(`No container for ${field}`);
        return [field, { container, ...texts[field] }];
      }),
    );
    createHostedFields({
      client,
      fields: fieldOptions,
      styles: frameStyles(containers.number.current as Element),
      frameTitle: (field) => texts[field as SheetField]?.title ?? '',
      signal: loading.signal,
    }).then(
      (instance) => {
        if (!current) {
          void instance.teardown();
          return;
        }
        created = instance;
        setHostedFields(instance);
      },
      (reason: unknown) => {
        if (!current) return;
        const error = isPanelError(reason) ? reason : createError('HOSTED_FIELDS_FAILED_TOKENIZATION');
        setLoadError(error);
        onError(error);
      },
    );
    return () => {
      current = false;
      loading.abort();
      if (created) trackTeardown(created.teardown());
      setHostedFields(null);
    };
    // The refs are stable; the fields change only with the configuration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, fields]);

  // Texts that change later (another locale) relabel the frames; a theme that changes later (the
  // system turning dark) restyles them.
  useEffect(() => {
    if (!hostedFields) return;
    const reconfigure = (): void => {
      hostedFields.relabel(fieldTexts(fields, text), frameStyles(containers.number.current as Element));
    };
    if (labelledWith.current !== text) reconfigure();
    labelledWith.current = text;
    const scheme = matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', reconfigure);
    return () => {
      scheme.removeEventListener('change', reconfigure);
    };
    // The refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hostedFields, fields, text]);

  // The method handed over last; it stays the answer until the shopper changes a field.
  const handedOver = useRef<RawPaymentMethod | null>(null);

  // Field events: brand, inline errors, requestability.
  useEffect(() => {
    if (!hostedFields) return;
    const update = (state: HostedFieldsState): void => {
      setCards(state.cards);
      setErrors((previous) => {
        const next: Partial<Record<SheetField, string>> = {};
        for (const field of fields) {
          // An error shown stays until the field is fixed; a new one appears once the shopper leaves.
          const shown = fieldError(field, state, previous[field] !== undefined);
          if (shown) next[field] = shown;
        }
        return next;
      });
      onRequestableChange(isComplete(state));
    };
    const changed = (state: HostedFieldsState): void => {
      handedOver.current = null;
      update(state);
    };
    const offs = [
      ...(['blur', 'focus'] as const).map((event) => hostedFields.on(event, update)),
      ...(['validityChange', 'cardTypeChange', 'empty', 'notEmpty'] as const).map((event) =>
        hostedFields.on(event, changed),
      ),
    ];
    // Texts that change (another locale) re-run this: errors and requestability follow at once.
    update(hostedFields.getState());
    return () => {
      for (const off of offs) off();
      onRequestableChange(false);
    };
  }, [hostedFields, fields, fieldError, isComplete, onRequestableChange]);

  // Aria state inside the frames follows the inline errors.
  useEffect(() => {
    if (!hostedFields) return;
    for (const field of fields) {
      const message = errors[field];
      hostedFields.setAttribute({ field, attribute: 'aria-invalid', value: message !== undefined });
      hostedFields.setMessage({ field, message: message ?? '' });
    }
  }, [hostedFields, errors, fields]);

  // The handle the panel calls for requestPaymentMethod() and clearSelectedPaymentMethod().
  useEffect(() => {
    if (!hostedFields) return;
    const vault = !client.authorization.guest;
    const request = async (): Promise<RawPaymentMethod> => {
      if (handedOver.current) return handedOver.current;
      setSheetError(null);
      const state = hostedFields.getState();
      const shown: Partial<Record<SheetField, string>> = {};
      for (const field of fields) {
        const message = fieldError(field, state, true);
        if (message) shown[field] = message;
      }
      setErrors(shown);
      // With every field empty the frame's FIELDS_EMPTY says it better.
      const started = fields.some((field) => state.fields[field]?.isEmpty === false);
      if (nameRequired && started && state.fields.cardholderName?.isEmpty) {
        throw createError('HOSTED_FIELDS_FIELDS_INVALID', undefined, {
          invalidFieldKeys: ['cardholderName'],
        });
      }
      try {
        const payload = await hostedFields.tokenize({ vault });
        handedOver.current = {
          nonce: payload.nonce,
          details: payload.details,
          type: 'CreditCard',
          description: payload.description,
          ...(payload.binData ? { binData: payload.binData } : {}),
          ...(vault ? { vaulted: true as const } : {}),
        };
        return handedOver.current;
      } catch (error) {
        if (isPanelError(error) && SHEET_ERRORS.has(error.code)) setSheetError(errorText(error.code));
        throw error;
      }
    };
    const clear = (): void => {
      handedOver.current = null;
      for (const field of fields) hostedFields.clear(field);
      setErrors({});
      setSheetError(null);
    };
    onHandle({ request, clear });
    return () => {
      onHandle(null);
    };
  }, [hostedFields, client, fields, fieldError, nameRequired, onHandle, errorText]);

  const brand = detectedBrand(cards);
  const fourDigitCvv = brand ? CARD_BRANDS[brand].code.size === 4 : false;

  const renderField = (field: SheetField, subheading?: string, icon?: React.ReactNode) => {
    const error = errors[field];
    const errorId = `card-${field}-error`;
    return (
      <div className="field" part={`field field-${field}`} data-invalid={error !== undefined} key={field}>
        <div className="field-label" part="field-label" id={`card-${field}-label`}>
          {/* Like a native label for mouse users; keyboard users reach the frame with Tab. */}
          {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
          <span className="field-label-text" onClick={() => hostedFields?.focus(field)}>
            {text(LABELS[field])}
          </span>
          {subheading && <span className="field-subheading">{subheading}</span>}
        </div>
        <div className="field-input" part="field-input">
          <div className="field-container" part="field-container" ref={containers[field]} />
          {icon && <span className="field-icon">{icon}</span>}
        </div>
        <div className="field-error" id={errorId} part="field-error" aria-live="polite">
          {error && (
            <>
              <ErrorIcon />
              <span>{error}</span>
            </>
          )}
        </div>
      </div>
    );
  };

  return (
    <section
      className="sheet card-sheet"
      part="sheet card-sheet"
      aria-labelledby="card-sheet-label"
      data-ready={!!hostedFields}
    >
      <header className="sheet-header" part="sheet-header">
        <span className="sheet-logo">
          <CardIcon />
        </span>
        <h2 className="sheet-label" part="heading" id="card-sheet-label" tabIndex={-1}>
          {text('payWithCard')}
        </h2>
        <ul className="accepted-cards" aria-label={text('acceptedCards')}>
          {supported.map((type) => (
            <li key={type} data-brand={type} data-detected={brand === type}>
              <BrandIcon type={type} />
            </li>
          ))}
        </ul>
      </header>
      <SheetError message={sheetError ?? (loadError && text('genericError'))} />
      <div className="sheet-content">
        {fields.includes('cardholderName') && renderField('cardholderName')}
        {renderField('number', undefined, brand ? <BrandIcon type={brand} /> : <CardIcon />)}
        <div className="field-row">
          {renderField('expirationDate', text('expirationDateLabelSubheading'))}
          {fields.includes('cvv') &&
            renderField(
              'cvv',
              text(fourDigitCvv ? 'cvvFourDigitLabelSubheading' : 'cvvThreeDigitLabelSubheading'),
              <CvvIcon front={fourDigitCvv} />,
            )}
          {fields.includes('postalCode') && renderField('postalCode')}
        </div>
      </div>
    </section>
  );
}
