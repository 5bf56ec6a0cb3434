import { describeAuthorizationMatrix } from './authorization-matrix-suite.ts';

describeAuthorizationMatrix({ index: 1, of: 2 });
