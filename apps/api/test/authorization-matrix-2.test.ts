import { describeAuthorizationMatrix } from './authorization-matrix-suite.ts';

describeAuthorizationMatrix({ index: 2, of: 2 });
