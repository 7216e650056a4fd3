/**
 * Hostile text for the malformed-input tests: the characters no storefront text may carry (NUL, other control
 * characters, unpaired UTF-16 surrogates) spliced into ordinary text, as fast-check arbitraries and as fixed
 * examples. JSON bodies carry all of them; URLs carry the control characters (a lone surrogate has no UTF-8 form).
 */
import fc from "fast-check"

/** A control character the contract refuses: C0 except tab/LF/CR, DEL, and C1. */
export const forbiddenControl = fc.oneof(
  fc.integer({ min: 0x00, max: 0x08 }),
  fc.integer({ min: 0x0b, max: 0x0c }),
  fc.integer({ min: 0x0e, max: 0x1f }),
  fc.integer({ min: 0x7f, max: 0x9f })
).map((code) => String.fromCharCode(code))

/** An unpaired UTF-16 surrogate (a high one without its low half or a low one alone). */
export const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code))

/** Ordinary text with one refused character (NUL, another control character or a lone surrogate) inside it. */
export const hostileText = fc.tuple(
  fc.string({ maxLength: 8, unit: "grapheme-ascii" }),
  fc.oneof(fc.constant("\u0000"), forbiddenControl, loneSurrogate),
  fc.string({ maxLength: 8, unit: "grapheme-ascii" })
).map(([before, bad, after]) => `${before}${bad}${after}`)

/** Fixed hostile texts for JSON bodies, one per kind: NUL, escape, DEL, C1, a lone high and a lone low surrogate. */
export const hostileJsonTexts: ReadonlyArray<string> = ["a\u0000b", "x\u001by", "\u007f", "n\u0085", "\ud800x", "y\udc00"]

/** Fixed hostile texts for URLs (query and path), already percent-encoded: NUL, bell, escape, DEL. */
export const hostileUrlTexts: ReadonlyArray<string> = ["a%00b", "%07", "x%1Bz", "%7F"]
