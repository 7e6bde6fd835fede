import type { DemographicSection } from './results-model';
import { DemographicSections } from './demographic-sections';
import { PlaceSections } from './place-sections';
import { TrendChart } from './trend-chart';
import type { CitySection, CountrySection, TrendView } from './trend-places-model';

/**
 * A card's breakdowns under its summary: over time, by group, by place. Their own chunk (loaded by
 * question-result-card.tsx when a card opens or the browser is idle), so the results screen's code on the way
 * to its first paint does without them: a phone opens every card on its summary.
 */
export function CardBreakdowns(props: {
  trend: TrendView | null;
  sections: readonly DemographicSection[];
  country: CountrySection;
  city: CitySection | null;
  isChoice: boolean;
}) {
  const { trend, sections, country, city, isChoice } = props;
  return (
    <>
      {trend ? <TrendChart view={trend} isChoice={isChoice} /> : null}
      <DemographicSections sections={sections} isChoice={isChoice} />
      <PlaceSections country={country} city={city} isChoice={isChoice} />
    </>
  );
}
