import { describeBadInput } from './bad-input-suite.ts';

describeBadInput({ index: 1, of: 4 });
