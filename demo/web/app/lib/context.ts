/**
 * The router context through which the server hands route loaders the shop API in process.
 *
 * @module
 */
import { createContext } from "react-router"

/** The shop API as a web handler in the same process (absent in `npm run dev`: loaders then fetch). */
export interface InProcessApi {
  readonly handler: (request: Request) => Promise<Response>
}

/** The in-process API of the serving process. */
export const apiContext = createContext<InProcessApi | undefined>(undefined)
