// Character codes the readers of single commands compare with (they read by charCodeAt, without
// making substrings). The scanning loops of parse-gerber.ts and read-number.ts keep their own, as
// constants of their module, for speed.

export const C_LF = 10;
export const C_CR = 13;
export const C_SPACE = 32;
export const C_COMMA = 44;
export const C_0 = 48;
export const C_A = 65;
export const C_D = 68;
export const C_F = 70;
export const C_O = 79;
export const C_T = 84;
export const C_X = 88;
export const C_LOWER_X = 120;
