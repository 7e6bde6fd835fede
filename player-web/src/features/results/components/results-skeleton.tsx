/** The results screen's shape while today's topics load: the summary card and two result cards. */
export function ResultsSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-6xl animate-pulse space-y-5"
      role="status"
      aria-label="Loading results"
    >
      <div className="flex justify-between">
        <div className="h-11 w-24 rounded-full bg-stone-200" />
        <div className="h-11 w-28 rounded-full bg-stone-200" />
      </div>
      <div className="bg-brand-100 h-56 rounded-3xl" />
      {[0, 1].map((i) => (
        <div key={i} className="h-72 rounded-3xl border border-stone-200 bg-white" />
      ))}
    </div>
  );
}
