/**
 * The package as a new user gets it (issue 9): `npm pack`, the tarball installed into a fresh project
 * outside this repository together with its peers, then
 * (a) a Node 24 script of that project uses the rules and the API client from `storefront-toolkit/core`,
 *     and its types check under a consumer's `nodenext` settings;
 * (b) a tiny Vite app imports one rule from `storefront-toolkit/core/domain/quantity`, and its bundle holds
 *     that rule without the Effect runtime.
 * The peers are installed at the versions this repository has, so npm takes them from its cache.
 */
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { build, type Rolldown } from "vite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Core from "../../core/index.ts"
import { Money, Quantity, Shop } from "../../core/index.ts"
import * as ReactBindings from "../../react/index.ts"
import { translate } from "../../core/messages/index.ts"
import { awaitPackageBuild, buildCommand } from "../support/packageBuild.ts"

const run = promisify(execFile)
const repo = resolve(import.meta.dirname, "../..")
/** The peers, and the React types a TypeScript user of the React bindings has. */
const peers = ["effect", "react", "react-dom", "jotai", "@types/react", "@types/react-dom"] as const

/** The environment for npm in the consumer project: without the variables `npm run` sets for this repo. */
const consumerEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|INIT_CWD$)/.test(name))
)

const npm = async (args: ReadonlyArray<string>, cwd: string) => {
  const result = await run("npm", [...args], { cwd, env: consumerEnv, maxBuffer: 64 * 1024 * 1024 })
  return result.stdout
}

const installedVersion = async (name: string): Promise<string> =>
  (JSON.parse(await readFile(join(repo, "node_modules", name, "package.json"), "utf8")) as { version: string }).version

const amounts = [0, 0.5, 1299.5, -3, 1_000_000, 19.999]
const quantityInputs = ["", "0", "1", "7", "30", "31", "99", "abc", "2.5", " 12 "]

/** The consumer's script: plain TypeScript that Node 24 runs as it is (it lives outside `node_modules`). */
const consumerScript = `import { Effect, Layer } from "effect"
import * as Core from "storefront-toolkit/core"
import { Api, Money, Quantity, Shop } from "storefront-toolkit/core"
import * as ReactBindings from "storefront-toolkit/react"
import { translate } from "storefront-toolkit/core/messages"
import { parseQuantity } from "storefront-toolkit/core/domain/quantity"

const amounts: ReadonlyArray<number> = ${JSON.stringify(amounts)}
const quantityInputs: ReadonlyArray<string> = ${JSON.stringify(quantityInputs)}

/** Never called: the declaration files type the rule, so a wrong argument fails the type check. */
export const misuse = () =>
  // @ts-expect-error the rule takes a string or a number
  Quantity.parseQuantity({})

const rules = {
  prices: Shop.allShops.map((shop) => amounts.map((amount) => Money.formatPrice(amount, shop))),
  quantities: quantityInputs.map((input) => Quantity.parseQuantity(input)),
  oneRule: quantityInputs.map((input) => parseQuantity(input)),
  plural: translate("pl", "wishlist_counter_items", { count: 22 })
}

const requests: Array<{ method: string; url: string; requestedWith: string | null; shopId: string | null }> = []
const shop = Shop.shopById("CZ10MA")
const backend = async (request: Request): Promise<Response> => {
  requests.push({
    method: request.method,
    url: request.url,
    requestedWith: request.headers.get("x-requested-with"),
    shopId: request.headers.get("x-shop-id")
  })
  return Response.json({ shopId: shop.shopId, csrfToken: "token-1", cartId: 41, customerId: null })
}

const session = await Effect.gen(function*() {
  const client = yield* Api.Client.makeShopClient("http://shop.test")
  return yield* Api.Client.bootstrapSession(client)
}).pipe(
  Effect.provide(
    Api.Client.callPolicyLayer({ shopId: shop.shopId, csrfToken: undefined, cartId: undefined }).pipe(
      Layer.provideMerge(Api.Client.webHandlerHttpClient(backend))
    )
  ),
  Effect.runPromise
)

const exported = { core: Object.keys(Core).sort(), react: Object.keys(ReactBindings).sort() }

console.log(JSON.stringify({ rules, session, requests, exported }))
`

const consumerTsconfig = {
  compilerOptions: {
    target: "ES2023",
    lib: ["ES2023", "DOM"],
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    erasableSyntaxOnly: true,
    // Every declaration file of the package is checked (consumerTypeCheck.ts skips the peers' and TypeScript's own).
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    noEmit: true,
    types: []
  },
  include: ["consumer.ts"]
}

/** A tiny app's entry: shows the quantity parsed from the URL's fragment, the rule imported as `importLine` says. */
const appEntry = (importLine: string) => `${importLine}

const output = document.querySelector("output")
if (output !== null) output.textContent = JSON.stringify(parseQuantity(location.hash.slice(1)))
`

const appHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quantity</title></head>
<body><output></output><script type="module" src="./main.js"></script></body></html>
`

describe("the packed package in a fresh project (issue 9)", () => {
  let project = ""
  let packedFiles: ReadonlyArray<string> = []
  /** The consumer's type check, started once the package is installed: "no errors" or tsc's report. */
  let typeCheck: Promise<string> = Promise.resolve("not started")

  beforeAll(async () => {
    // The run's global setup started the build (the script prepack runs, checked below) as the run began: `npm pack`
    // then packs that build, where its prepack would only find it fresh (seconds of a core).
    const built = await awaitPackageBuild()
    project = await mkdtemp(join(tmpdir(), "storefront-consumer-"))
    const pack = ["pack", "--json", "--pack-destination", project, ...(built ? ["--ignore-scripts"] : [])]
    const [packed] = JSON.parse(await npm(pack, repo)) as Array<{
      filename: string
      files: ReadonlyArray<{ path: string }>
    }>
    packedFiles = packed!.files.map((file) => file.path)
    const dependencies: Record<string, string> = { "storefront-toolkit": `file:./${packed!.filename}` }
    for (const peer of peers) dependencies[peer] = await installedVersion(peer)
    await writeFile(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module", dependencies }))
    await npm(["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], project)
    await writeFile(join(project, "consumer.ts"), consumerScript)
    await writeFile(join(project, "tsconfig.json"), JSON.stringify(consumerTsconfig))
    // The type check (the consumer's code and every declaration file of the package, not the peers' own: about 20 s
    // of one core, the longest step here) runs in its own process beside the other tests of this file; its test takes
    // the outcome.
    typeCheck = run(process.execPath, [join(repo, "test", "package", "consumerTypeCheck.ts"), project], { cwd: project }).then(
      () => "no errors",
      (error: { stdout?: string }) => error.stdout ?? String(error)
    )
  }, 240_000) // npm pack builds the whole package with tsc: a minute alone, longer beside the other suite's worker

  afterAll(async () => {
    await typeCheck
    if (project !== "") await rm(project, { recursive: true, force: true })
  })

  it("ships the build, the sources its maps point at, the README and nothing else; installs no server dependency", async () => {
    const { scripts } = JSON.parse(await readFile(join(repo, "package.json"), "utf8")) as { scripts: Record<string, string> }
    expect(scripts["prepack"]).toBe("npm run build")
    // `npm install` in a clone, and npm installing the package from git, build it too
    expect(scripts["prepare"]).toBe("npm run build")
    expect(scripts["build"]).toBe(buildCommand)
    expect(packedFiles).toContain("dist/core/index.js")
    expect(packedFiles).toContain("dist/core/index.d.ts")
    expect(packedFiles).toContain("dist/core/domain/quantity.d.ts.map")
    expect(packedFiles).toContain("dist/react/index.js")
    expect(packedFiles).toContain("core/domain/quantity.ts")
    const outside = packedFiles.filter((path) => !/^(dist\/(core|react)\/|core\/|react\/|package\.json$|README\.md$)/.test(path))
    expect(outside).toEqual([])
    expect(packedFiles.filter((path) => path.endsWith("tsconfig.json"))).toEqual([])
    expect(existsSync(join(project, "node_modules", "@electric-sql", "pglite"))).toBe(false)
    expect(existsSync(join(project, "node_modules", "@effect", "platform-node"))).toBe(false)
  })

  it("(a) a Node 24 script uses the rules and the API client from storefront-toolkit/core, with the sources' results and exports", async () => {
    const { stdout } = await run(process.execPath, ["consumer.ts"], { cwd: project })
    const output = JSON.parse(stdout) as {
      rules: unknown
      session: unknown
      exported: unknown
      requests: ReadonlyArray<{ method: string; url: string; requestedWith: string | null; shopId: string | null }>
    }
    expect(output.rules).toEqual({
      prices: Shop.allShops.map((shop) => amounts.map((amount) => Money.formatPrice(amount, shop))),
      quantities: quantityInputs.map((input) => Quantity.parseQuantity(input)),
      oneRule: quantityInputs.map((input) => Quantity.parseQuantity(input)),
      plural: translate("pl", "wishlist_counter_items", { count: 22 })
    })
    expect(output.exported).toEqual({ core: Object.keys(Core).sort(), react: Object.keys(ReactBindings).sort() })
    expect(output.session).toEqual({ shopId: "CZ10MA", csrfToken: "token-1", cartId: 41, customerId: null })
    expect(output.requests).toEqual([
      { method: "GET", url: "http://shop.test/api/session", requestedWith: "XMLHttpRequest", shopId: "CZ10MA" }
    ])
  })

  // tsc under a loaded two-core machine took over a minute (it timed out at 60 s once).
  it("(a) the script's types and the package's declaration files check under nodenext resolution", async () => {
    expect(await typeCheck).toBe("no errors")
  }, 240_000)

  /** Builds the tiny app with Vite (production mode) and answers the ids of the modules its bundle holds. */
  const bundledModules = async (importLine: string) => {
    await writeFile(join(project, "index.html"), appHtml)
    await writeFile(join(project, "main.js"), appEntry(importLine))
    const built = (await build({ root: project, configFile: false, logLevel: "silent", build: { write: false } })) as Rolldown.RolldownOutput
    const chunks = built.output.filter((item): item is Rolldown.OutputChunk => item.type === "chunk")
    expect(chunks.map((chunk) => chunk.code).join("")).toContain("aboveMax")
    return chunks.flatMap((chunk) => chunk.moduleIds).map((id) => id.replaceAll("\\", "/"))
  }

  it("(b) a Vite app importing one rule bundles it from the build, without the Effect runtime", async () => {
    const modules = await bundledModules(`import { parseQuantity } from "storefront-toolkit/core/domain/quantity"`)
    expect(modules.some((id) => id.endsWith("/node_modules/storefront-toolkit/dist/core/domain/quantity.js"))).toBe(true)
    expect(modules.filter((id) => id.includes("/node_modules/effect/"))).toEqual([])
  })

  it("(b) taking one namespace from storefront-toolkit/core leaves the Effect runtime out too (sideEffects: false)", async () => {
    const modules = await bundledModules(`import { Quantity } from "storefront-toolkit/core"\nconst { parseQuantity } = Quantity`)
    expect(modules.some((id) => id.endsWith("/node_modules/storefront-toolkit/dist/core/domain/quantity.js"))).toBe(true)
    expect(modules.filter((id) => id.includes("/node_modules/effect/"))).toEqual([])
  })
})
