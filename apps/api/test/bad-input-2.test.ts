import { describeBadInput } from './bad-input-suite.ts';

describeBadInput({ index: 2, of: 4 });
