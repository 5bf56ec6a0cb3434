import { describeBadInput } from './bad-input-suite.ts';

describeBadInput({ index: 3, of: 4 });
