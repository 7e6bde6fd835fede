// @ts-check
import { dirname, resolve, sep } from 'node:path';

/**
 * bulletproof-react's rule for the player app: a feature (`player-web/src/features/<name>/…`) never imports
 * another feature. What two features share moves to `player-web/src/components`, `lib`, `hooks` or
 * `shared/`; pages in `app/routes` compose features.
 */
const FEATURES = `player-web${sep}src${sep}features${sep}`;

/** The feature a path belongs to (relative to the repository root), or null. */
function featureOf(path) {
  const at = path.indexOf(FEATURES);
  if (at < 0) return null;
  return path.slice(at + FEATURES.length).split(sep)[0] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A player-web feature must not import another feature' },
    messages: {
      crossFeature:
        'Feature "{{from}}" imports feature "{{to}}": features do not import each other — move what they share to player-web/src/components, lib or shared/, or compose them in app/routes.',
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    if (!from) return {};
    /** @param {import('estree').Node & { source?: import('estree').Literal | null }} node */
    const check = (node) => {
      const source = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      if (!source || !source.startsWith('.')) return;
      const to = featureOf(resolve(dirname(file), source) + sep);
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => check(/** @type {any} */ ({ ...node, source: node.source })),
    };
  },
};

export default { rules: { 'no-cross-feature-imports': noCrossFeatureImports } };
