import { accuracySuite } from './accuracy-suite.ts';

accuracySuite(
  'accuracy against gerbv: the ten boards',
  (layer) => layer.board.startsWith('gerber/') && !layer.board.includes('feature-tests'),
);
