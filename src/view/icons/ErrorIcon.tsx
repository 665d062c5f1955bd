/** The icon beside an inline error. */
export function ErrorIcon() {
  return (
    <svg className="error-icon" viewBox="0 0 16 16" aria-hidden="true">
      <circle cx="8" cy="8" r="7.5" fill="currentColor" />
      <rect x="7" y="3.5" width="2" height="6" rx="1" fill="#fff" />
      <circle cx="8" cy="12" r="1.1" fill="#fff" />
    </svg>
  );
}
