/** The one error a form shows at a time (spec: only the first error is shown). */
export function FormError({ message }: { message: string | null }) {
  return (
    <div className="auth-error" role="alert" aria-live="polite">
      {message}
    </div>
  );
}
