/**
 * A number beside an operator's free-text unit ("cups", "hours of sleep", "km", "%"): the unit agrees with the
 * number as it is printed — "1 cup", "-1 hour", "1.0 cups", "2 cups", "0.5 cups". ADR 0125 has the rule.
 */

/** A set of words from one space-separated list (long word lists stay readable). */
function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

// Words after which the rest of the unit qualifies the noun ("cups of tea", "hours per day", "times a week").
const CONNECTORS = words(
  'of per a an each every in on at for to with from by the this that last spent since before after' +
    ' during',
);

// Plurals no suffix rule gets right.
const IRREGULAR = new Map(
  [
    ...words(
      'people:person children:child men:man women:woman feet:foot teeth:tooth mice:mouse geese:goose ' +
        'dice:die buses:bus gases:gas quizzes:quiz potatoes:potato tomatoes:tomato heroes:hero mangoes:mango ' +
        'echoes:echo knives:knife lives:life wives:wife leaves:leaf loaves:loaf halves:half shelves:shelf ' +
        'calves:calf wolves:wolf thieves:thief scarves:scarf menus:menu gurus:guru emus:emu hrs:hr yrs:yr ' +
        'lbs:lb kms:km kgs:kg pcs:pc',
    ),
  ].map((pair) => pair.split(':') as [string, string]),
);

// Words ending in s that have no separate singular (or are not nouns): left as they are.
const INVARIANT = words(
  'series species means news maths physics economics politics athletics aerobics gymnastics jeans pants' +
    ' trousers shorts scissors clothes pyjamas pajamas tongs always outdoors indoors upstairs downstairs' +
    ' overseas afterwards towards backwards forwards sometimes nowadays besides perhaps whereas atlas' +
    ' canvas alias yes tennis iris this',
);

// Nouns ending in -ie whose plural is -ies (calorie, cookie): the -ies → -y rule would spell them wrong.
const IE_NOUNS = words(
  'calories cookies movies smoothies brownies selfies zombies pies ties lies rookies goalies veggies' +
    ' hoodies freebies newbies birdies budgies bookies genies magpies aussies cuties sweeties hippies' +
    ' boogies roadies techies foodies walkies',
);

const VOWELS = 'aeiou';

/** The singular of one word when it reads as a plural noun, else null (case kept: "Cups" → "Cup"). */
function singularWord(word: string): string | null {
  const lower = word.toLowerCase();
  if (!/^[a-z]+$/.test(lower)) return null; // symbols, digits, accents ("%", "°C", "m²"): not English plurals
  const irregular = IRREGULAR.get(lower);
  if (irregular !== undefined) return matchCase(word, irregular);
  if (INVARIANT.has(lower) || !lower.endsWith('s') || lower.length < 4) return null; // "km", "kg", "min", "ms"
  if (/(ss|us|sis)$/.test(lower)) return null; // glass, bus, Celsius, basis: already singular
  const upper = word === word.toUpperCase();
  const cut = (n: number, add = '') => word.slice(0, word.length - n) + (upper ? add.toUpperCase() : add);
  if (lower.endsWith('ies') && !IE_NOUNS.has(lower) && lower.length > 4) return cut(3, 'y'); // stories
  if (/(sses|xes|shes|zzes)$/.test(lower)) return cut(2); // glasses, boxes, dishes, buzzes
  if (lower.endsWith('ches')) {
    // matches, lunches, inches, beaches → -ch; headaches, moustaches, caches → -che
    const before = lower.at(-6);
    const ache = lower.endsWith('aches') && (before === undefined || !VOWELS.includes(before));
    return ache ? cut(1) : cut(2);
  }
  return cut(1); // cups, hours, times, minutes, litres, days, horses, sizes, gloves
}

/** `text` in the case of `model`: "PEOPLE" → "PERSON", "People" → "Person", "people" → "person". */
function matchCase(model: string, text: string): string {
  if (model === model.toUpperCase()) return text.toUpperCase();
  return model[0] === model[0]!.toUpperCase() ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/**
 * The unit as it reads beside a number printed as `printed`: singular after "1" and "-1" (exactly, so "1.0"
 * keeps the plural), else as the operator wrote it. In a phrase the head noun is the last plural word before
 * the first connector ("cups of tea" → "cup of tea", "sports matches" → "sports match", "degrees Celsius" →
 * "degree Celsius"); a unit with no recognisable English plural ("km", "%", "°C", "mins" → "min") is kept.
 */
export function unitFor(printed: string, unit: string): string {
  const trimmed = unit.trim();
  if (!/^[-+−]?1$/.test(printed.trim())) return trimmed;
  const parts = trimmed.split(/(\s+|\/)/); // words with their separators kept, so the unit is rebuilt as written
  let end = parts.length;
  for (let i = 0; i < parts.length; i += 2) {
    if (i > 0 && (CONNECTORS.has(parts[i]!.toLowerCase()) || parts[i - 1] === '/')) {
      end = i;
      break;
    }
  }
  for (let i = end - 1; i >= 0; i -= 1) {
    if (i % 2 === 1) continue;
    const singular = singularWord(parts[i]!);
    if (singular !== null) {
      parts[i] = singular;
      return parts.join('');
    }
  }
  return trimmed;
}

// Signs written against the number, as English does: "36%", not "36 %".
const TIGHT = new Set(['%', '‰']);

/**
 * A value with its unit: the number printed by `format` (String by default: each screen keeps its own number
 * style), a space, and the unit agreeing with that printed number; a unit that is only "%" or "‰" follows the number
without a space. No unit (null or blank) → the number alone.
 */
export function formatWithUnit(
  value: number,
  unit: string | null | undefined,
  format: (value: number) => string = String,
): string {
  const printed = format(value);
  const trimmed = unit?.trim() ?? '';
  if (!trimmed) return printed;
  return TIGHT.has(trimmed) ? `${printed}${trimmed}` : `${printed} ${unitFor(printed, trimmed)}`;
}
