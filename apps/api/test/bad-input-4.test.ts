import { describeBadInput } from './bad-input-suite.ts';

describeBadInput({ index: 4, of: 4 });
