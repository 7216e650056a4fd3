/**
 * The baseline of `npm run bench`: a bare `node:http` hello-world answering JSON, on PORT.
 *
 * @module
 */
import { createServer } from "node:http"

const body = JSON.stringify({ hello: "world" })
createServer((_request, response) => {
  response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) })
  response.end(body)
}).listen(Number(process.env["PORT"]), process.env["HOST"] ?? "127.0.0.1")
