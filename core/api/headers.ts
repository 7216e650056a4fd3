/**
 * Header names shared by the client and the server (§7: "Shop API calls add the cart id, a csrf
 * token header and an XMLHttpRequest header").
 *
 * @module
 */

/** The CSRF token header every state-changing shop call carries. */
export const csrfHeader = "x-csrf-token"

/** The header marking an XMLHttpRequest-style call, value {@link requestedWithValue}. */
export const requestedWithHeader = "x-requested-with"

/** The value of {@link requestedWithHeader}. */
export const requestedWithValue = "XMLHttpRequest"

/** The cart id from the storefront config. */
export const cartIdHeader = "x-cart-id"

/** The shop the call is made for (a shop id of the shop table). */
export const shopIdHeader = "x-shop-id"

/** The idempotency key of a retried mutation: a retry with the same key is applied once. */
export const idempotencyKeyHeader = "idempotency-key"

/**
 * Whether the browser can make wallet payments (§5: "payment methods ending with the wallet suffix are
 * removed if the browser cannot make wallet payments"), sent by the call policy on every shop call once the
 * client knows it: {@link walletSupportedValue} or {@link walletUnsupportedValue}. The server offers wallet
 * methods only when it reads {@link walletSupportedValue}; without the header it assumes no wallet support.
 */
export const walletSupportedHeader = "x-wallet-supported"

/** The {@link walletSupportedHeader} value of a browser that can make wallet payments. */
export const walletSupportedValue = "1"

/** The {@link walletSupportedHeader} value of a browser that cannot. */
export const walletUnsupportedValue = "0"

/** The {@link walletSupportedHeader} value for a browser's wallet support. */
export const walletSupportHeaderValue = (supported: boolean): string => (supported ? walletSupportedValue : walletUnsupportedValue)

/** Whether a {@link walletSupportedHeader} value (absent: undefined) says the browser can make wallet payments. */
export const isWalletSupportedHeaderValue = (value: string | undefined): boolean => value?.trim() === walletSupportedValue

/**
 * Declares {@link walletSupportedHeader} as an optional header parameter of every operation of an OpenAPI
 * document (the header is sent by the call policy, so the endpoints do not list it one by one).
 */
export const declareWalletSupportHeader = (spec: Record<string, any>): Record<string, any> => {
  const parameter = {
    name: walletSupportedHeader,
    in: "header",
    required: false,
    description: "Whether the browser can make wallet payments (§5): 1 yes, 0 no; absent means no.",
    schema: { type: "string", enum: [walletUnsupportedValue, walletSupportedValue] }
  }
  const paths: Record<string, Record<string, any>> = spec["paths"] ?? {}
  const methods = ["get", "put", "post", "delete", "patch", "head", "options"]
  return {
    ...spec,
    paths: Object.fromEntries(Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, operation]) =>
        methods.includes(method) && typeof operation === "object" && operation !== null
          ? [method, { ...operation, parameters: [...(operation.parameters ?? []), parameter] }]
          : [method, operation]))
    ]))
  }
}

/** The response header that asks for the adult-content gate (§4). */
export const adultContentHeader = "adult-content"

/** The session cookie set by the server (HttpOnly, SameSite=Lax). */
export const sessionCookie = "sf_session"
