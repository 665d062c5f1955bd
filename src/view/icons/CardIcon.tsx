/** A generic card, for the card sheet's header and a number whose brand is not known yet. */
export function CardIcon() {
  return (
    <svg className="card-icon" viewBox="0 0 40 26" aria-hidden="true">
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="none" stroke="currentColor" />
      <rect x="0.5" y="6" width="39" height="4" fill="currentColor" />
      <rect x="5" y="16" width="12" height="3" rx="1" fill="currentColor" />
    </svg>
  );
}
