/** A list that could not be loaded: the spec's words and a way to try again. */
export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="form-message form-message-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Try Again
      </button>
    </div>
  );
}
