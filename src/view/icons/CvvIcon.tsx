/** Where the security code is: on the front (four digits, American Express) or the back. */
export function CvvIcon({ front }: { front: boolean }) {
  return (
    <svg className="cvv-icon" viewBox="0 0 40 26" aria-hidden="true" data-side={front ? 'front' : 'back'}>
      <rect x="0.5" y="0.5" width="39" height="25" rx="4" fill="none" stroke="currentColor" />
      {front ? (
        <rect x="25" y="9" width="11" height="6" rx="1" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <>
          <rect x="0.5" y="4" width="39" height="5" fill="currentColor" />
          <rect
            x="24"
            y="13"
            width="12"
            height="6"
            rx="1"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
          />
        </>
      )}
    </svg>
  );
}
