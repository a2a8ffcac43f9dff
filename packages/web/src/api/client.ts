/** A non-2xx answer from the API, with the server's own error text when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

function errorText(body: unknown, status: number): string {
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = body;
    if (typeof error === 'string') return error;
  }
  return `HTTP ${status}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** GET a JSON resource on this origin; throws ApiError for any non-2xx status. */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    headers: { accept: 'application/json' },
    signal: signal ?? null,
  });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorText(body, response.status), body);
  return body as T;
}

export interface PostResult {
  ok: boolean;
  status: number;
  body: unknown;
}

/** POST JSON; never throws for an HTTP error status (callers show the server's answer). */
export async function postJson(path: string, payload: unknown): Promise<PostResult> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  return { ok: response.ok, status: response.status, body: await readBody(response) };
}

export { errorText };
