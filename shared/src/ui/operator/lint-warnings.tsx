import type { LintWarning } from '../../domain/question-lint';

/**
 * The question linter's warnings beside the control they are about: advice, never a block (save stays
 * enabled). Announced politely so screen-reader users hear them as they type without being interrupted.
 */
export function LintWarnings({
  warnings,
  className = '',
}: {
  warnings: readonly LintWarning[];
  className?: string;
}) {
  if (warnings.length === 0) return null;
  return (
    <ul aria-label="Suggestions" aria-live="polite" className={`grid gap-1 ${className}`}>
      {warnings.map((w) => (
        <li
          key={`${w.rule}:${w.message}`}
          className="flex gap-1.5 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900"
        >
          <span aria-hidden="true" className="font-bold">
            !
          </span>
          <span className="min-w-0 break-words">{w.message}</span>
        </li>
      ))}
    </ul>
  );
}
