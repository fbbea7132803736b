import { accuracySuite } from './accuracy-suite.ts';

accuracySuite('accuracy against gerbv: large boards', (layer) =>
  layer.board.startsWith('gerber-large/'),
);
