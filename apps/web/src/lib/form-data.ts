// Multipart bodies (SPEC §7 "form:" calls): text fields as strings, booleans as "true"/"false",
// several files under one name with the [] suffix the SPEC uses (files[]).

export type FormValue = string | number | boolean | Blob | readonly Blob[] | null | undefined;

/** A FormData of the given fields; null and undefined fields are left out. */
export function toFormData(fields: Readonly<Record<string, FormValue>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (Array.isArray(value)) {
      const fieldName = name.endsWith('[]') ? name : `${name}[]`;
      for (const file of value as readonly Blob[]) form.append(fieldName, file);
    } else form.append(name, String(value));
  }
  return form;
}
