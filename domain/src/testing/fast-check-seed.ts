import fc from 'fast-check';

/**
 * Property tests walk the same generated inputs on every run, so CI is repeatable: a property that fails
 * fails again with the seed and path fast-check prints. FC_SEED walks other inputs
 * (`FC_SEED=$RANDOM npm test`); a test that passes its own seed keeps it.
 */
fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20_261_129) });
