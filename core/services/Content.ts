/**
 * The shop content service (spec §7 GET /api/shopContent/findByTitle and find, with the shop
 * config's `frontendHash`): content pages by title or id, and the contact page's topic tree and
 * upload limits read from them.
 *
 * @module
 */
import { Context, Data, Effect, Layer } from "effect"
import { ShopApiClient } from "../api/client.ts"
import type { ContentConfig, ShopContentResponse } from "../api/content.ts"
import { NotFound } from "../api/errors.ts"
import { contactTopicTree, type ContactTopic } from "../domain/contact.ts"
import { CallFailed, callFailed } from "./failures.ts"

/** The content asked for does not exist (404). */
export class ContentNotFound extends Data.TaggedError("ContentNotFound")<{
  /** The title or id asked for. */
  readonly key: string
}> {}

/** The errors of the content calls. */
export type ContentError = ContentNotFound | CallFailed

/** Options of the content service. */
export interface ContentOptions {
  /** The shop config's `frontendHash`, sent as `hash` (§7); absent when the config lacks it. */
  readonly frontendHash?: string
}

/** A contact page as read from its content: the topic tree (content.body) and the upload limits (config). */
export interface ContactPageContent {
  /** The three-level topic tree (§2). */
  readonly tree: ReadonlyArray<ContactTopic>
  /** The upload limits and their formatted forms, when the server sent them. */
  readonly config: ContentConfig | undefined
}

/** The content service's actions. */
export interface ContentShape {
  /** The content entry with `title` (§7 findByTitle). */
  readonly findByTitle: (title: string) => Effect.Effect<ShopContentResponse, ContentError>
  /** The content entry with `contentId` (§7 find). */
  readonly find: (contentId: number) => Effect.Effect<ShopContentResponse, ContentError>
  /** The contact page content with `title`: its topic tree (via the domain's `contactTopicTree`) and limits. */
  readonly contactPage: (title: string) => Effect.Effect<ContactPageContent, ContentError>
}

const makeWith = (options: ContentOptions) =>
  Effect.gen(function*() {
    const api = yield* ShopApiClient
    const hash = options.frontendHash === undefined ? {} : { hash: options.frontendHash }

    const failed = (operation: string, key: string) => (error: unknown): Effect.Effect<never, ContentError> =>
      error instanceof NotFound ? Effect.fail(new ContentNotFound({ key })) : Effect.fail(callFailed(operation, error))

    const findByTitle = (title: string) =>
      api.content.findByTitle({ query: { title, ...hash } }).pipe(
        Effect.catch(failed("Content.findByTitle", title)),
        Effect.withSpan("Content.findByTitle")
      )

    const find = (contentId: number) =>
      api.content.find({ query: { contentId, ...hash } }).pipe(
        Effect.catch(failed("Content.find", String(contentId))),
        Effect.withSpan("Content.find")
      )

    const contactPage = (title: string) =>
      Effect.map(findByTitle(title), (response): ContactPageContent => ({
        tree: contactTopicTree(response.content.body),
        config: response.config
      }))

    return Content.of({ findByTitle, find, contactPage })
  })

/** The shop content service: see {@link ContentShape}. */
export class Content extends Context.Service<Content, ContentShape>()("storefront/Content") {
  /** Without a frontend hash. */
  static readonly layer = Layer.effect(Content, makeWith({}))
  /** With options (the shop config's frontend hash). */
  static readonly layerWith = (options: ContentOptions) => Layer.effect(Content, makeWith(options))
}
