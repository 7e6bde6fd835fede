import { Placeholder, sql, type SQL } from 'drizzle-orm';

type Query = { sql: string; params: unknown[] };

/**
 * A hot statement rendered ONCE from Drizzle (builders or `sql` with `sql.placeholder(name)`), then bound
 * per call without rendering it again: the text is split at its parameters and rebuilt as a flat `sql`
 * template of string chunks and values, which Drizzle turns into a query almost for free. Placeholders
 * must be bound to driver values (strings, numbers, null) — column encoders do not run for them.
 * Used where Drizzle's query building was a measurable part of a request (the answer write).
 */
export function prerender<Name extends string>(query: Query): (values: Record<Name, unknown>) => SQL {
  const parts = query.sql.split('?');
  if (parts.length !== query.params.length + 1) {
    throw new Error(`prerender: ${query.params.length} parameters but ${parts.length - 1} "?" in: ${query.sql}`);
  }
  type Slot = { kind: 'placeholder'; name: Name } | { kind: 'fixed'; value: unknown };
  const slots = query.params.map((p): Slot => (p instanceof Placeholder ? { kind: 'placeholder', name: p.name as Name } : { kind: 'fixed', value: p }));
  const strings = Object.assign([...parts], { raw: [...parts] }) as unknown as TemplateStringsArray;
  return (values) =>
    sql(
      strings,
      ...slots.map((slot) => {
        if (slot.kind === 'fixed') return slot.value;
        const value = values[slot.name];
        if (value === undefined) throw new Error(`prerender: no value for placeholder "${slot.name}"`);
        return value;
      }),
    );
}
