/**
 * A Chromium trace event (the Trace Event Format, as `Tracing.start` and Lighthouse's `--save-assets` write it), as
 * far as the bench scripts read it: name, phase, process and thread, timestamp, wall and thread durations (µs), and
 * the few `args` they look at.
 *
 * @module
 */

/** A trace event, as far as the bench scripts read it. */
export interface TraceEvent {
  readonly name: string
  readonly ph: string
  readonly pid: number
  readonly tid: number
  readonly ts: number
  readonly dur?: number
  readonly tdur?: number
  readonly args?: {
    readonly name?: string
    readonly data?: {
      readonly url?: string
      readonly functionName?: string
      readonly frame?: string
      readonly isOutermostMainFrame?: boolean
    }
  }
}
