import { readFileSync } from 'node:fs'

/** A process's resident memory now (VmRSS) and at its peak so far (VmHWM), in MB, read from /proc. */
export function residentMemoryMb(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) =>
    Math.round(Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024)
  return { rssMb: field('VmRSS'), peakMb: field('VmHWM') }
}
