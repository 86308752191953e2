/** An error message with a close button (SPEC.md section 8: 'Shown in an error banner with close button'). */
export function ErrorBanner({ message, onClose }: { message: string | null; onClose: () => void }) {
  if (!message) return null;
  return (
    <div className="banner banner-error" role="alert">
      <div className="banner-body">{message}</div>
      <button type="button" className="btn btn-ghost btn-sm" aria-label="Dismiss error" onClick={onClose}>
        ✕
      </button>
    </div>
  );
}
