/**
 * Whole HTTP answers as tests compare them: status, headers and body text, and a caller of a real-port backend.
 *
 * @module
 */

/** An HTTP answer: its status, its headers (lower-case names) and its body's text. */
export interface Answer {
  readonly status: number
  readonly headers: Record<string, string>
  readonly body: string
}

/** An answer without what differs per request (its id, the date), to compare two answers of the same call. */
export const comparable = (answer: Answer) => {
  const { ["x-request-id"]: _id, date: _date, ...headers } = answer.headers
  return { status: answer.status, headers, body: answer.body }
}

/**
 * A caller of the server at `baseUrl()`: sends `method` to `path` with `headers` and `body` (a string as it is, any
 * other value as JSON, undefined as no body) and answers the whole {@link Answer}.
 */
export const answersAt = (baseUrl: () => string) =>
async (method: string, path: string, headers: Record<string, string>, body: unknown): Promise<Answer> => {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: body === undefined ? null : typeof body === "string" ? body : JSON.stringify(body)
  })
  const all: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    all[name] = value
  })
  return { status: response.status, headers: all, body: await response.text() }
}
