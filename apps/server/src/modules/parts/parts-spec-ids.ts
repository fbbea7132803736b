// Specifications the catalogue treats specially by id (the seeded spec list's numbering).

export const DIELECTRIC_SPEC = 6;
export const DIODE_TYPE_SPEC = 16;
