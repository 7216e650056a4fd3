/**
 * A template-matching captcha solver written against the generator (issue 12): it knows the font and the alphabet,
 * binarises the picture, drops specks, cuts it into character boxes (connected ink, then columns of ink, split or
 * merged to the expected count) and reads each box by the 5x7 template it matches best, trying a range of rotations.
 * It is what a "100-line template-matching script" does, tuned to this generator.
 */
import { captchaAlphabet, captchaLength, type GreyImage, glyphPixel, glyphSize } from "../../demo/server/domain/captcha.ts"

interface Box {
  left: number
  right: number
  top: number
  bottom: number
}

/** Ink pixels: anything darker than the paper (the generators' paper is 200 or lighter), noise lines included. */
const binarise = (image: GreyImage): Uint8Array => Uint8Array.from(image.pixels, (p) => (p < 195 ? 1 : 0))

/** Removes specks: ink with fewer than 3 inked 8-neighbours. */
const despeckle = (ink: Uint8Array, width: number, height: number): Uint8Array => {
  const out = new Uint8Array(ink.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (ink[y * width + x] !== 1) continue
      let n = 0
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if ((dx !== 0 || dy !== 0) && ink[(y + dy) * width + x + dx] === 1) n++
      if (n >= 3) out[y * width + x] = 1
    }
  }
  return out
}

/** Morphological opening with a 3x3 square: strokes thinner than 3 pixels (noise lines) disappear. */
const open = (ink: Uint8Array, width: number, height: number): Uint8Array => {
  const at = (src: Uint8Array, x: number, y: number) => (x >= 0 && x < width && y >= 0 && y < height ? src[y * width + x]! : 0)
  const eroded = new Uint8Array(ink.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let all = 1
      for (let dy = -1; dy <= 1 && all; dy++) for (let dx = -1; dx <= 1; dx++) if (at(ink, x + dx, y + dy) === 0) all = 0
      eroded[y * width + x] = all
    }
  }
  const dilated = new Uint8Array(ink.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let any = 0
      for (let dy = -1; dy <= 1 && !any; dy++) for (let dx = -1; dx <= 1; dx++) if (at(eroded, x + dx, y + dy) === 1) any = 1
      dilated[y * width + x] = any
    }
  }
  return dilated
}

/** Columns with ink, grouped into runs separated by empty columns; runs split or merged to `count` boxes. */
const boxesOf = (ink: Uint8Array, width: number, height: number, count: number): Array<Box> => {
  const column = Array.from({ length: width }, (_, x) => {
    let n = 0
    for (let y = 0; y < height; y++) n += ink[y * width + x]!
    return n
  })
  const runs: Array<[number, number]> = []
  let start = -1
  for (let x = 0; x <= width; x++) {
    const inked = x < width && column[x]! >= 2
    if (inked && start < 0) start = x
    if (!inked && start >= 0) {
      if (x - start >= 3) runs.push([start, x])
      start = -1
    }
  }
  while (runs.length > 0 && runs.length < count) {
    let widest = 0
    for (let i = 1; i < runs.length; i++) if (runs[i]![1] - runs[i]![0] > runs[widest]![1] - runs[widest]![0]) widest = i
    const [a, b] = runs[widest]!
    let cut = Math.floor((a + b) / 2)
    for (let x = a + Math.floor((b - a) / 3); x < b - Math.floor((b - a) / 3); x++) if (column[x]! < column[cut]!) cut = x
    runs.splice(widest, 1, [a, cut], [cut, b])
  }
  while (runs.length > count) {
    let narrowest = 0
    for (let i = 1; i < runs.length; i++) if (runs[i]![1] - runs[i]![0] < runs[narrowest]![1] - runs[narrowest]![0]) narrowest = i
    runs.splice(narrowest, 1)
  }
  return runs.map(([left, right]) => {
    let top = height
    let bottom = 0
    for (let y = 0; y < height; y++) {
      for (let x = left; x < right; x++) {
        if (ink[y * width + x] === 1) {
          top = Math.min(top, y)
          bottom = Math.max(bottom, y + 1)
        }
      }
    }
    return { left, right, top, bottom: Math.max(bottom, top + 1) }
  })
}

/** The box's ink without the small pieces: connected parts under a quarter of the largest are dropped. */
const mainInk = (ink: Uint8Array, width: number, box: Box): Uint8Array => {
  const w = box.right - box.left
  const h = box.bottom - box.top
  const label = new Int32Array(w * h).fill(-1)
  const sizes: Array<number> = []
  for (let start = 0; start < w * h; start++) {
    const sx = start % w
    const sy = Math.floor(start / w)
    if (label[start] !== -1 || ink[(box.top + sy) * width + box.left + sx] !== 1) continue
    const id = sizes.length
    sizes.push(0)
    const stack = [start]
    label[start] = id
    while (stack.length > 0) {
      const at = stack.pop()!
      sizes[id]!++
      const x = at % w
      const y = Math.floor(at / w)
      for (const [dx, dy] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const nx = x + dx
        const ny = y + dy
        const n = ny * w + nx
        if (nx >= 0 && nx < w && ny >= 0 && ny < h && label[n] === -1 && ink[(box.top + ny) * width + box.left + nx] === 1) {
          label[n] = id
          stack.push(n)
        }
      }
    }
  }
  const largest = Math.max(0, ...sizes)
  const out = new Uint8Array(ink.length)
  for (let i = 0; i < w * h; i++) {
    const id = label[i]!
    if (id >= 0 && sizes[id]! >= largest / 4) out[(box.top + Math.floor(i / w)) * width + box.left + (i % w)] = 1
  }
  return out
}

/** The poses tried for each character: the generator's ranges of scale, rotation and shear, sampled coarsely. */
const poses = [3.5, 4, 4.5, 5].flatMap((sx) =>
  [3.8, 4.4, 5].flatMap((sy) =>
    [-20, -10, 0, 10, 20].flatMap((degrees) =>
      [-0.25, -0.125, 0, 0.125, 0.25].map((shear) => ({ sx, sy, cos: Math.cos((degrees * Math.PI) / 180), sin: Math.sin((degrees * Math.PI) / 180), shear }))
    )
  )
)

/**
 * The best template for a box, read the way the generator draws: every character in every pose is placed at the
 * centre of the box's main ink, and the pixel under the centre of each font pixel is compared with the glyph.
 */
const readBox = (allInk: Uint8Array, width: number, height: number, box: Box): { char: string; distance: number } => {
  const ink = mainInk(allInk, width, box)
  let minX = width
  let maxX = 0
  let minY = height
  let maxY = 0
  for (let y = box.top; y < box.bottom; y++) {
    for (let x = box.left; x < box.right; x++) {
      if (ink[y * width + x] !== 1) continue
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x + 1)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y + 1)
    }
  }
  const cx = (minX + maxX) / 2
  const cy = (minY + maxY) / 2
  let best = { char: "?", distance: Number.POSITIVE_INFINITY }
  for (const pose of poses) {
    const sampled: Array<number> = []
    for (let gy = 0; gy < glyphSize.height; gy++) {
      for (let gx = 0; gx < glyphSize.width; gx++) {
        const v = (gy + 0.5 - glyphSize.height / 2) * pose.sy
        const u = (gx + 0.5 - glyphSize.width / 2) * pose.sx + pose.shear * v
        const x = Math.floor(cx + pose.cos * u - pose.sin * v)
        const y = Math.floor(cy + pose.sin * u + pose.cos * v)
        let hits = 0
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const px = x + dx
            const py = y + dy
            if (px >= 0 && px < width && py >= 0 && py < height && ink[py * width + px] === 1) hits++
          }
        }
        sampled.push(hits / 9)
      }
    }
    for (const template of fontTemplates) {
      let distance = 0
      for (let i = 0; i < sampled.length; i++) distance += template.cells[i] ? 1 - sampled[i]! : sampled[i]!
      if (distance < best.distance) best = { char: template.char, distance }
    }
  }
  return best
}

const fontTemplates = Array.from(captchaAlphabet, (char) => ({
  char,
  cells: Array.from({ length: glyphSize.width * glyphSize.height }, (_, i) => glyphPixel(char, i % glyphSize.width, Math.floor(i / glyphSize.width)))
}))

/** How a solver may know the layout: the fixed character cells of a generator that places them on a grid. */
export interface KnownLayout {
  /** The left edge of the first cell and the cell width, in pixels. */
  readonly margin: number
  readonly cellWidth: number
}

/** Boxes at fixed cells, their rows trimmed to the ink. */
const cellBoxes = (ink: Uint8Array, width: number, height: number, layout: KnownLayout, count: number): Array<Box> =>
  Array.from({ length: count }, (_, i) => {
    const left = layout.margin + i * layout.cellWidth
    const right = Math.min(width, left + layout.cellWidth)
    let top = height
    let bottom = 0
    for (let y = 0; y < height; y++) {
      for (let x = left; x < right; x++) {
        if (ink[y * width + x] === 1) {
          top = Math.min(top, y)
          bottom = Math.max(bottom, y + 1)
        }
      }
    }
    return { left, right, top: Math.min(top, bottom - 1), bottom: Math.max(bottom, 1) }
  })

/**
 * The solver's reading of a challenge picture. With a known grid layout the length follows from the width and the
 * cells are cut where the layout puts them; otherwise it cuts columns of ink and keeps the length (5 or 6) whose
 * reading fits the templates best.
 */
export const solveCaptcha = (image: GreyImage, layout?: KnownLayout): string => {
  const ink = open(despeckle(binarise(image), image.width, image.height), image.width, image.height)
  if (layout !== undefined) {
    const count = Math.round((image.width - 2 * layout.margin) / layout.cellWidth)
    return cellBoxes(ink, image.width, image.height, layout, count).map((box) => readBox(ink, image.width, image.height, box).char).join("")
  }
  let best = { text: "", distance: Number.POSITIVE_INFINITY }
  for (let count = captchaLength.min; count <= captchaLength.max; count++) {
    const reads = boxesOf(ink, image.width, image.height, count).map((box) => readBox(ink, image.width, image.height, box))
    const distance = reads.reduce((sum, r) => sum + r.distance, 0) / Math.max(1, reads.length)
    if (distance < best.distance) best = { text: reads.map((r) => r.char).join(""), distance }
  }
  return best.text
}
