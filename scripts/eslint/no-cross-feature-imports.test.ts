import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { noCrossFeatureImports } from './no-cross-feature-imports.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const file = (p: string) => `/repo/player-web/src/${p}`;

tester.run('no-cross-feature-imports', noCrossFeatureImports, {
  valid: [
    { code: "import { x } from './topic-card';", filename: file('features/home/components/home-page.tsx') },
    {
      code: "import { y } from '../api/select-topic';",
      filename: file('features/home/components/home-page.tsx'),
    },
    {
      code: "import { api } from '../../../lib/api';",
      filename: file('features/home/components/home-page.tsx'),
    },
    {
      code: "import { C } from '../../../components/credentials-form';",
      filename: file('features/auth/components/auth-page.tsx'),
    },
    {
      code: "import { T } from '@daily-tea/shared/ui/toaster';",
      filename: file('features/home/components/home-page.tsx'),
    },
    // Pages compose features.
    {
      code: "import { Q } from '../../features/questions/components/question-flow';",
      filename: file('app/routes/topic.tsx'),
    },
  ],
  invalid: [
    {
      code: "import { useUser } from '../../auth/components/auth-page';",
      filename: file('features/home/components/home-page.tsx'),
      errors: [{ messageId: 'crossFeature', data: { from: 'home', to: 'auth' } }],
    },
    {
      code: "export { ShareButton } from '../../share/share-button';",
      filename: file('features/results/components/results-view.tsx'),
      errors: [{ messageId: 'crossFeature' }],
    },
    {
      code: "const m = import('../../questions/components/question-flow');",
      filename: file('features/home/components/home-page.tsx'),
      errors: [{ messageId: 'crossFeature' }],
    },
  ],
});
