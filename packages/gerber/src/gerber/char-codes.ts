// Character codes the Gerber reader compares with: it reads the text by charCodeAt, without
// making substrings of the data blocks.

export const C_TAB = 9;
export const C_LF = 10;
export const C_CR = 13;
export const C_SPACE = 32;
export const C_PERCENT = 37;
export const C_STAR = 42;
export const C_PLUS = 43;
export const C_COMMA = 44;
export const C_MINUS = 45;
export const C_DOT = 46;
export const C_0 = 48;
export const C_9 = 57;
export const C_A = 65;
export const C_D = 68;
export const C_F = 70;
export const C_G = 71;
export const C_I = 73;
export const C_J = 74;
export const C_M = 77;
export const C_N = 78;
export const C_O = 79;
export const C_T = 84;
export const C_X = 88;
export const C_Y = 89;
export const C_LOWER_X = 120;
