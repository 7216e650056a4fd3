/**
 * The first load's modules start after the first paint. React Router's `<Scripts>` lists every module of the first
 * load (20-odd chunks) as `<link rel="modulepreload">`, which React hoists to the top of the head, and starts them with
 * an inline module script in the body; the browser fetches and compiles all of them while it is still before its
 * first paint, which needs none of them (the stylesheet is inline, the HTML is complete). Lighthouse's simulated
 * LCP counts every request that ended before the observed LCP (the consent panel's text, painted with the first
 * paint), and a page whose modules arrive early may hydrate before Chromium presents any frame (the cart).
 *
 * So the document is rewritten on its way out: the head's module preloads are taken out, and each inline module
 * script of the body is replaced by a classic inline script (same nonce) that waits for the first contentful paint
 * (a `paint` PerformanceObserver; a page that is or goes hidden starts at once, since it paints nothing) and then adds
 * the preloads and the module script, so the whole module graph is still requested at once, right after the paint.
 *
 * @module
 */

const encoder = new TextEncoder()
const decoder = new TextDecoder()
const headEnd = encoder.encode("</head>")
const scriptStart = encoder.encode("<script")
const scriptEnd = encoder.encode("</script>")
/** The bytes that may follow `<script` in a script element's start tag: white space, `/` or `>`. */
const scriptTagEnd = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x2f, 0x3e])

/** The index of the first `needle` in `bytes` at or after `from`, or -1. */
const indexOf = (bytes: Uint8Array, needle: Uint8Array, from: number): number => {
  for (let start = bytes.indexOf(needle[0]!, Math.max(0, from)); start !== -1 && start + needle.length <= bytes.length; start = bytes.indexOf(needle[0]!, start + 1)) {
    let offset = 1
    while (offset < needle.length && bytes[start + offset] === needle[offset]) offset++
    if (offset === needle.length) return start
  }
  return -1
}

/** A module preload tag (React writes its attributes double-quoted). */
const modulePreloadTag = /<link\b[^>]*\brel="modulepreload"[^>]*>/gi

const attribute = (tag: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1]

/** The head without its module preloads, the URLs they named (in order, each once) and the nonce they carried. */
export interface TakenPreloads {
  /** The head's HTML without the module preload tags. */
  readonly head: string
  /** The preloaded URLs. */
  readonly hrefs: ReadonlyArray<string>
  /** The page's script nonce, if the tags carried one. */
  readonly nonce: string | undefined
}

/** Takes the module preload tags out of the head's HTML. */
export const takeModulePreloads = (head: string): TakenPreloads => {
  const hrefs: Array<string> = []
  let nonce: string | undefined
  const rest = head.replace(modulePreloadTag, (tag) => {
    const href = attribute(tag, "href")
    if (href !== undefined && !hrefs.includes(href)) hrefs.push(href)
    nonce ??= attribute(tag, "nonce")
    return ""
  })
  return { head: rest, hrefs, nonce }
}

/** How many of the preloads and the module script a visible page appends in one task before it yields to input. */
export const appendsPerTask = 5

/**
 * The browser side, a classic script's text: `start(hrefs, source)` once the page has painted its first content, or
 * at once when it is hidden (a background tab paints nothing until shown); a browser without paint timing starts
 * after its next frame. A page that never reports a contentful paint starts 2 s after `load`. A visible page appends
 * the preloads, then the module script, {@link appendsPerTask} at a time with a task boundary between (each append
 * starts a request on the main thread: 21 of them in one task took 45 to 55 ms on a throttled phone, time in which a
 * tap waits); a hidden page appends them all at once, since its timers may be throttled to one a second.
 */
const afterFirstPaint = "(function(hrefs,source){" +
  "var nonce=document.currentScript.nonce,started=false;" +
  "function append(element){document.head.appendChild(element)}" +
  "function start(){if(started)return;started=true;" +
  "var hidden=document.visibilityState===\"hidden\",next=0;" +
  "(function batch(){" +
  "for(var end=hidden?Infinity:next+" + appendsPerTask + ";next<hrefs.length&&next<end;next++){var link=document.createElement(\"link\");link.rel=\"modulepreload\";link.href=hrefs[next];append(link)}" +
  "if(next<hrefs.length||(next===end&&source))return setTimeout(batch);" +
  "if(source){var script=document.createElement(\"script\");script.type=\"module\";script.nonce=nonce;script.textContent=source;append(script)}})()}" +
  "if(document.visibilityState===\"hidden\")return start();" +
  "addEventListener(\"visibilitychange\",start,{once:true});" +
  "addEventListener(\"load\",function(){setTimeout(start,2000)},{once:true});" +
  "if((PerformanceObserver.supportedEntryTypes||[]).indexOf(\"paint\")<0)return requestAnimationFrame(function(){setTimeout(start)});" +
  "new PerformanceObserver(function(list,observer){if(list.getEntriesByName(\"first-contentful-paint\").length>0){observer.disconnect();start()}})" +
  ".observe({type:\"paint\",buffered:true})"

/** A value as JavaScript source that is safe inside an HTML script element. */
const scriptLiteral = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029")

/** The inline script that starts `hrefs` and the module `source` after the first paint (with the page's `nonce`). */
export const afterFirstPaintScript = (hrefs: ReadonlyArray<string>, source: string, nonce: string | undefined): string =>
  `<script${nonce === undefined ? "" : ` nonce="${nonce}"`}>${afterFirstPaint}})(${scriptLiteral(hrefs)},${scriptLiteral(source)})</script>`

/** What the document's after-first-paint scripts start: their preloads and module sources (for a measurement). */
export const afterFirstPaintModules = (html: string): ReadonlyArray<{ readonly hrefs: ReadonlyArray<string>; readonly source: string }> =>
  [...html.matchAll(/<script\b[^>]*>\(function\(hrefs,source\)[\s\S]*?\}\)\((\[[^\]]*\]),("(?:[^"\\]|\\.)*")\)<\/script>/g)]
    .map((match) => ({ hrefs: JSON.parse(match[1]!) as Array<string>, source: JSON.parse(match[2]!) as string }))

/** The replacement of one script element of the body: a module script starts after the first paint, others stay. */
const deferModuleScript = (element: string, hrefs: ReadonlyArray<string>): string | undefined => {
  const open = element.slice(0, element.indexOf(">") + 1)
  if (!/\stype="module"/i.test(open)) return undefined
  return afterFirstPaintScript(hrefs, element.slice(open.length, element.length - "</script>".length), attribute(open, "nonce"))
}

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const joined = new Uint8Array(a.length + b.length)
  joined.set(a, 0)
  joined.set(b, a.length)
  return joined
}

/**
 * A byte stream of an HTML document rewritten as the module comment says: the bytes up to the end of the head are
 * held until `</head>` arrives (React writes the head with the page's shell, in one go) and its module preloads are
 * taken out; in the body, each script element is held until its end tag, and an inline module script is replaced (the
 * first one also starts the preloads; when there is none, a script at the document's end starts them); everything
 * else passes through as it comes. A document without a head end is passed on whole when it ends.
 */
export const modulesAfterFirstPaintStream = (): TransformStream<Uint8Array, Uint8Array> => {
  let held: Uint8Array = new Uint8Array(0)
  let inBody = false
  let hrefs: ReadonlyArray<string> = []
  let nonce: string | undefined
  /** Passes on the body's bytes, holding back an unfinished script element (or what may begin one). */
  const body = (controller: TransformStreamDefaultController<Uint8Array>) => {
    for (;;) {
      const start = indexOf(held, scriptStart, 0)
      if (start === -1) {
        const keep = Math.min(held.length, scriptStart.length - 1)
        if (held.length > keep) controller.enqueue(held.slice(0, held.length - keep))
        held = held.slice(held.length - keep)
        return
      }
      if (start + scriptStart.length >= held.length) {
        if (start > 0) controller.enqueue(held.slice(0, start))
        held = held.slice(start)
        return
      }
      if (!scriptTagEnd.has(held[start + scriptStart.length]!)) {
        // Another tag whose name begins with "script".
        controller.enqueue(held.slice(0, start + 1))
        held = held.slice(start + 1)
        continue
      }
      if (start > 0) controller.enqueue(held.slice(0, start))
      held = held.slice(start)
      const end = indexOf(held, scriptEnd, scriptStart.length)
      if (end === -1) return
      const element = held.subarray(0, end + scriptEnd.length)
      const deferred = deferModuleScript(decoder.decode(element), hrefs)
      if (deferred === undefined) controller.enqueue(element.slice())
      else {
        controller.enqueue(encoder.encode(deferred))
        hrefs = []
      }
      held = held.slice(element.length)
    }
  }
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const from = held.length - headEnd.length + 1
      held = concat(held, chunk)
      if (!inBody) {
        const end = indexOf(held, headEnd, from)
        if (end === -1) return
        const taken = takeModulePreloads(decoder.decode(held.subarray(0, end)))
        controller.enqueue(encoder.encode(taken.head))
        hrefs = taken.hrefs
        nonce = taken.nonce
        held = held.slice(end)
        inBody = true
      }
      body(controller)
    },
    flush(controller) {
      if (held.length > 0) controller.enqueue(held)
      if (inBody && hrefs.length > 0) controller.enqueue(encoder.encode(afterFirstPaintScript(hrefs, "", nonce)))
    }
  })
}
