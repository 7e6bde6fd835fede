// @ts-check

/**
 * Comments stand on their own: they cite docs/product.md (`product.md#limits`) or state the rule, never a
 * numbered section of the specification documents outside the repository, nor the issue a change came from:
 * the git log keeps that history.
 */
const OUTSIDE_DOCUMENT = /\b(SPEC|DESIGN)\s*§/;
const ISSUE_NUMBER = /\b[Ii]ssue\s+#?\d+/;

/** @type {import('eslint').Rule.RuleModule} */
export const commentsStandAlone = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments cite docs/product.md or state the rule; no issue numbers' },
    messages: {
      outsideDocument:
        'Cite docs/product.md (e.g. "product.md#limits") or state the rule: "{{found}}" points at a document the repository does not have.',
      issueNumber:
        'No issue numbers in code ("{{found}}"): say what the code does and why; the git log keeps the history.',
    },
    schema: [],
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const outside = OUTSIDE_DOCUMENT.exec(comment.value);
          if (outside)
            context.report({
              loc: comment.loc ?? { line: 1, column: 0 },
              messageId: 'outsideDocument',
              data: { found: outside[0] },
            });
          const issue = ISSUE_NUMBER.exec(comment.value);
          if (issue)
            context.report({
              loc: comment.loc ?? { line: 1, column: 0 },
              messageId: 'issueNumber',
              data: { found: issue[0] },
            });
        }
      },
    };
  },
};

export default { rules: { 'comments-stand-alone': commentsStandAlone } };
