/**
 * A small seeded pseudo-random generator for the deterministic seed: the same seed string always
 * gives the same sequence, on every platform (no `Math.random`).
 *
 * @module
 */

/** Hashes a string to a 32-bit unsigned integer (FNV-1a), to derive generator seeds from names. */
export const hashString = (text: string): number => {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A deterministic random source. */
export interface Rng {
  /** The next float in [0, 1). */
  readonly next: () => number
  /** An integer in [min, max], both included. */
  readonly int: (min: number, max: number) => number
  /** A float in [min, max). */
  readonly float: (min: number, max: number) => number
  /** True with probability `p`. */
  readonly chance: (p: number) => boolean
  /** One element of a non-empty array. */
  readonly pick: <A>(items: ReadonlyArray<A>) => A
  /** `count` distinct elements of `items` (all of them, shuffled, when `count` exceeds the length). */
  readonly sample: <A>(items: ReadonlyArray<A>, count: number) => Array<A>
  /** A string of `length` characters drawn from `alphabet`. */
  readonly chars: (alphabet: string, length: number) => string
}

/** A generator (sfc32, seeded through {@link hashString}) whose sequence depends only on `seed`. */
export const makeRng = (seed: string): Rng => {
  let a = hashString(`a:${seed}`)
  let b = hashString(`b:${seed}`)
  let c = hashString(`c:${seed}`)
  let d = hashString(`d:${seed}`) | 1
  const next = (): number => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  for (let warm = 0; warm < 12; warm++) next()
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <A>(items: ReadonlyArray<A>): A => {
    if (items.length === 0) throw new Error("pick from an empty array")
    return items[Math.floor(next() * items.length)] as A
  }
  const sample = <A>(items: ReadonlyArray<A>, count: number): Array<A> => {
    const copy = [...items]
    for (let index = copy.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1))
      const item = copy[index] as A
      copy[index] = copy[other] as A
      copy[other] = item
    }
    return copy.slice(0, Math.max(0, count))
  }
  return {
    next,
    int,
    float: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick,
    sample,
    chars: (alphabet, length) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("")
  }
}
