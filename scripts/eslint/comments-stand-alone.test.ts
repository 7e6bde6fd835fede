import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { commentsStandAlone } from './comments-stand-alone.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('comments-stand-alone', commentsStandAlone, {
  valid: [
    { code: '/** Average to one decimal (product.md#limits). */\nconst a = 1;' },
    { code: '// at most 3 topics a day\nconst b = 3;' },
    { code: '// RFC 8291 §3.4: IKM from the ECDH secret\nconst c = 0;' },
    { code: "const s = 'SPEC § in a string is not a comment';" },
    { code: '// an issue with the cache: keep it warm\nconst d = 0;' },
  ],
  invalid: [
    { code: '/** Average (SPEC §9). */\nconst a = 1;', errors: [{ messageId: 'outsideDocument' }] },
    { code: '// DESIGN§5: streak\nconst a = 1;', errors: [{ messageId: 'outsideDocument' }] },
    { code: '// Guess the crowd (issue 16)\nconst a = 1;', errors: [{ messageId: 'issueNumber' }] },
    { code: '/* Issue #13 item 4 */\nconst a = 1;', errors: [{ messageId: 'issueNumber' }] },
  ],
});
