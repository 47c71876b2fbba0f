/**
 * Stories' play functions wait with Testing Library (`waitFor`, `findBy*`), whose default is 1 s: on
 * a busy 2-core machine a render can take longer, and the story would fail for the machine's speed,
 * not for what it shows. A wait ends as soon as its condition holds, so a long limit costs nothing.
 */
import { configure } from 'storybook/test';

configure({ asyncUtilTimeout: 30_000 });
