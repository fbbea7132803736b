import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint:
 * - public: anyone;
 * - authenticated: any valid bearer token, also before the email is confirmed;
 * - confirmed: a valid token of a user whose email is confirmed (the default for product data).
 */
export type Access = 'public' | 'authenticated' | 'confirmed';

export type JsonBody<S extends z.ZodType = z.ZodType> = {
  readonly type: 'json';
  readonly schema: S;
};

/** A file part of a multipart form: how many files the field takes and whether one is required. */
export type FormFile = {
  readonly maxCount: number;
  readonly required: boolean;
  readonly description?: string;
};

/**
 * A multipart/form-data body: text fields validated by `fields` (every value arrives as a string,
 * so use z.coerce / z.stringbool where needed) and named file parts streamed to storage.
 */
export type MultipartBody<F extends z.ZodObject = z.ZodObject> = {
  readonly type: 'multipart';
  readonly fields: F;
  readonly files: Readonly<Record<string, FormFile>>;
};

export type RequestBody = JsonBody | MultipartBody;

export type Endpoint = {
  readonly method: HttpMethod;
  /** OpenAPI-style path as in SPEC §7, parameters in braces: /api/addresses/{id}. */
  readonly path: string;
  readonly summary: string;
  readonly tag: string;
  readonly access: Access;
  /** The token may come as `?token=` instead of the Authorization header (links in emails, SPEC §7). */
  readonly queryToken?: boolean;
  /**
   * A POST that only reads (a question too large for a query string, such as the prices of a
   * cart): not counted against the write limits.
   */
  readonly readOnly?: boolean;
  /** A JSON body larger than the server's usual limit that the call accepts (a whole BOM). */
  readonly bodyLimitBytes?: number;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly body?: RequestBody;
  /** Status of a successful answer; 302 answers redirect and have no body. */
  readonly status: 200 | 201 | 302;
  readonly response: z.ZodType;
};

export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export function jsonBody<S extends z.ZodType>(schema: S): JsonBody<S> {
  return { type: 'json', schema };
}

export function multipartBody<F extends z.ZodObject>(
  fields: F,
  files: Record<string, FormFile>,
): MultipartBody<F> {
  return { type: 'multipart', fields, files };
}

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;
type SchemaOutput<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends: the input side of each schema. */
export type EndpointParams<E extends Endpoint> = SchemaInput<E['params']>;
export type EndpointQuery<E extends Endpoint> = SchemaInput<E['query']>;
export type EndpointBody<E extends Endpoint> =
  E['body'] extends JsonBody<infer S> ? z.input<S> : undefined;
/** What the server answers on success. */
export type EndpointResponse<E extends Endpoint> = z.output<E['response']>;

/** What the server works with after validation: the output side of each schema. */
export type ParsedParams<E extends Endpoint> = SchemaOutput<E['params']>;
export type ParsedQuery<E extends Endpoint> = SchemaOutput<E['query']>;
export type ParsedBody<E extends Endpoint> =
  E['body'] extends JsonBody<infer S>
    ? z.output<S>
    : E['body'] extends MultipartBody<infer F>
      ? z.output<F>
      : undefined;

/** Fills the {name} placeholders of an endpoint path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
