// How a Gerber file is handed over as it is read (parseGerberNodes): a consumer that plots while
// reading receives each node and keeps none, so no whole syntax tree is held in memory.

import type { GerberNode, OperationCode, OperationNode } from './syntax.ts';

/**
 * Receives a Gerber file as it is read. Coordinate blocks, most of a file, come as numbers in one
 * reused array rather than as OperationNode objects: a large file would otherwise make millions
 * of short-lived objects, each with its numbers boxed, and the collector would spend more time
 * than the reading.
 */
export interface GerberNodeSink {
  /** Every node but coordinate blocks, in file order. */
  node(node: GerberNode): void;
  /**
   * A coordinate block. `coordinates` holds X, Y, I and J, NaN for one the block does not give;
   * the parser reuses the array for the next block, so read it during the call.
   */
  operation(line: number, operation: OperationCode | null, coordinates: Float64Array): void;
  /**
   * False when the sink has no use for comments and X2 attributes (a plotter draws nothing from
   * them): they are then skipped without being read. KiCad writes an attribute around almost
   * every object.
   */
  readonly annotations?: boolean;
}

/** Where X, Y, I and J sit in the coordinates of GerberNodeSink.operation. */
export const COORDINATE_X = 0;
export const COORDINATE_Y = 1;
export const COORDINATE_I = 2;
export const COORDINATE_J = 3;

/** The OperationNode of a coordinate block given to a GerberNodeSink. */
export function operationNode(
  line: number,
  operation: OperationCode | null,
  coordinates: Float64Array,
): OperationNode {
  const given = (index: number) => {
    const value = coordinates[index] as number;
    return Number.isNaN(value) ? undefined : value;
  };
  return {
    type: 'operation',
    line,
    operation,
    x: given(COORDINATE_X),
    y: given(COORDINATE_Y),
    i: given(COORDINATE_I),
    j: given(COORDINATE_J),
  };
}
