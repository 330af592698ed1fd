import fc from 'fast-check';

// Each mutant reruns every property test that reaches it: fewer generated cases per property keep a run
// within reach of two cores. The rule tests, not the sampling, are what must kill a mutant.
fc.configureGlobal({ numRuns: 25 });
