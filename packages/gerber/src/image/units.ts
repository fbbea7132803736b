// The length unit of a file and of its image. On its own so that the limits (constants.ts), which
// the image types' warnings depend on, can name it without an import circle.

export type Units = 'mm' | 'in';
