import { GroupRow, Legend } from './demographic-sections';
import { plural, formatCount } from './results-model';
import type { CitySection, CountrySection, PlaceRow } from './trend-places-model';

function TooFew({ text }: { text: string }) {
  return (
    <div className="mt-2 rounded-xl bg-gray-50 px-3 py-2.5 text-sm text-gray-700" data-too-few="">
      <p className="font-semibold text-gray-900">Too Few Respondents</p>
      <p className="mt-0.5 text-xs">{text}</p>
    </div>
  );
}

/** Numeric questions: each place's average with its sample size. */
function AverageRows({ rows }: { rows: readonly PlaceRow[] }) {
  return (
    <ul className="divide-y divide-gray-100">
      {rows.map((row) => (
        <li
          key={row.key}
          className="flex items-baseline gap-3 py-2"
          data-group={row.key}
          data-group-total={row.total}
          data-average={row.average ?? ''}
        >
          <span className="min-w-0 flex-1 text-sm font-bold break-words text-gray-900">{row.label}</span>
          <span className="shrink-0 text-xs text-gray-600 tabular-nums">n = {formatCount(row.total)}</span>
          <span className="text-brand-950 shrink-0 text-sm font-extrabold tabular-nums">
            <span className="sr-only">average </span>
            {row.average}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Rows({ rows, isChoice }: { rows: readonly PlaceRow[]; isChoice: boolean }) {
  if (!isChoice) return <AverageRows rows={rows} />;
  return (
    <>
      {rows[0] ? <Legend bars={rows[0].bars} /> : null}
      <ul className="divide-y divide-gray-100">
        {rows.map((row) => (
          <GroupRow key={row.key} group={row} />
        ))}
      </ul>
    </>
  );
}

/**
 * "By Country" (the countries with most answers, the rest as "Other countries") and, for a player who set a
 * city, "In {city}" beside everyone — under the same small-number rules as the demographic
 * sections: below them the API sends no figures and the card says "Too Few Respondents".
 */
export function PlaceSections({
  country,
  city,
  isChoice,
}: {
  country: CountrySection;
  city: CitySection | null;
  isChoice: boolean;
}) {
  return (
    <div className="space-y-3" data-places="">
      <h3 className="text-brand-900 text-sm font-bold tracking-wide uppercase">Where people answered from</h3>
      {city ? (
        <div
          role="group"
          aria-label={city.title}
          className="border-tea-200 bg-tea-50/40 rounded-2xl border px-4 py-3"
          data-place="city"
        >
          <div className="flex items-baseline justify-between gap-3">
            <h4 className="text-sm font-bold break-words text-gray-900">{city.title}</h4>
            <span className="shrink-0 text-xs text-gray-600">{plural(city.total, 'answer')}</span>
          </div>
          {city.available ? (
            <div className="mt-1">
              <Rows rows={city.rows} isChoice={isChoice} />
            </div>
          ) : (
            <TooFew text={city.tooFew} />
          )}
        </div>
      ) : null}
      <div
        role="group"
        aria-label="By Country"
        className="border-brand-100 rounded-2xl border bg-white px-4 py-3"
        data-place="country"
      >
        <div className="flex items-baseline justify-between gap-3">
          <h4 className="text-sm font-bold text-gray-900">By Country</h4>
          {country.available ? (
            <span className="text-xs text-gray-600">{plural(country.total, 'answer')}</span>
          ) : null}
        </div>
        {country.available ? (
          <div className="mt-1">
            <Rows rows={country.rows} isChoice={isChoice} />
          </div>
        ) : (
          <TooFew text={country.tooFew} />
        )}
      </div>
    </div>
  );
}
