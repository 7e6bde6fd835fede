/** The centred loading spinner (product.md#screens guard step 1 and every full-screen wait). */
export function Spinner({ label = 'Loading', fullScreen = false }: { label?: string; fullScreen?: boolean }) {
  return (
    <div
      className={fullScreen ? 'grid min-h-dvh place-items-center' : 'grid place-items-center py-16'}
      role="status"
      aria-live="polite"
    >
      <span
        className="border-brand-100 border-t-brand-600 size-10 animate-spin rounded-full border-4"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
