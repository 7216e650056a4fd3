/**
 * Whole HTTP answers as tests compare them: status, headers and body text, a caller of a real-port backend and a sender
 * of requests that reach it at the same moment.
 *
 * @module
 */
import { connect, type Socket } from "node:net"

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

/** One request as {@link sentAtOnce} sends it: `body` as JSON. */
export interface RawRequest {
  readonly method: string
  readonly path: string
  readonly headers: Record<string, string>
  readonly body: unknown
}

/** The answer of one HTTP/1.1 request read from `socket` (a `Content-Length` body). */
const answerOn = (socket: Socket) =>
  new Promise<Answer>((resolve, reject) => {
    let received = Buffer.alloc(0)
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk])
      const end = received.indexOf("\r\n\r\n")
      if (end < 0) return
      const [statusLine, ...lines] = received.subarray(0, end).toString("latin1").split("\r\n")
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]))
      const length = Number(headers["content-length"] ?? 0)
      if (received.length < end + 4 + length) return
      resolve({ status: Number(statusLine!.split(" ")[1]), headers, body: received.subarray(end + 4, end + 4 + length).toString("utf8") })
    })
    socket.on("error", reject)
  })

/**
 * A sender to the server at `baseUrl()` of `requests` at the same moment, each whole in one write on a connection of
 * its own opened before (as the bench's connections are), in order: the server has every one of them before it answers
 * any. Answers their answers in the same order.
 */
export const sentAtOnce = (baseUrl: () => string) => async (requests: ReadonlyArray<RawRequest>): Promise<Array<Answer>> => {
  const { hostname, port } = new URL(baseUrl())
  const sockets = await Promise.all(requests.map(() =>
    new Promise<Socket>((resolve, reject) => {
      const socket = connect({ host: hostname, port: Number(port), noDelay: true }, () => resolve(socket))
      socket.on("error", reject)
    })))
  try {
    const answers = sockets.map(answerOn)
    requests.forEach(({ method, path, headers, body }, i) => {
      const text = JSON.stringify(body)
      const head = Object.entries({ ...headers, host: `${hostname}:${port}`, "content-length": String(Buffer.byteLength(text)) })
        .map(([name, value]) => `${name}: ${value}\r\n`).join("")
      sockets[i]!.write(`${method} ${path} HTTP/1.1\r\n${head}\r\n${text}`)
    })
    return await Promise.all(answers)
  } finally {
    for (const socket of sockets) socket.destroy()
  }
}
