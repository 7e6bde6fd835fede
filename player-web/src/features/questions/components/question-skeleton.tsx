/** The question screen's shape while today's topics load: same boxes, so nothing moves when they arrive. */
export function QuestionSkeleton() {
  return (
    <div className="mx-auto max-w-2xl animate-pulse" role="status" aria-label="Loading questions">
      <div className="mb-5 flex items-center gap-3">
        <div className="h-9 w-16 rounded-lg bg-stone-200" />
        <div className="space-y-2">
          <div className="h-5 w-40 rounded bg-stone-200" />
          <div className="h-4 w-28 rounded bg-stone-200" />
        </div>
      </div>
      <div className="mb-4 h-1.5 rounded-full bg-stone-200" />
      <div className="rounded-3xl border border-stone-200 bg-white p-5 shadow-sm sm:p-7">
        <div className="h-7 w-4/5 rounded bg-stone-200" />
        <div className="mt-6 grid gap-3">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-14 rounded-2xl border-2 border-stone-100 bg-stone-50" />
          ))}
        </div>
      </div>
    </div>
  );
}
