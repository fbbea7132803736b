import { accuracySuite } from './accuracy-suite.ts';

accuracySuite('accuracy against gerbv: feature tests', (layer) =>
  layer.board.includes('feature-tests'),
);
