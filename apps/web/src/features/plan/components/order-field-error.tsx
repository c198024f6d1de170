/** A problem under the field it is about; the form scrolls to the first `.order-error-anchor`. */
export function OrderFieldError({ text, className = '' }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <em role="alert" className={`${className} order-error-anchor`.trim()}>
      {text}
    </em>
  );
}
