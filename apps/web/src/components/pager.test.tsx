import { describe, expect, it } from 'vitest'
import { pageWindow } from './pager'

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5])
  })

  it('keeps the first, the last and two on each side of the current page, with gaps between', () => {
    expect(pageWindow(1, 1000)).toEqual([1, 2, 3, null, 1000])
    expect(pageWindow(500, 1000)).toEqual([1, null, 498, 499, 500, 501, 502, null, 1000])
    expect(pageWindow(1000, 1000)).toEqual([1, null, 998, 999, 1000])
    expect(pageWindow(4, 9)).toEqual([1, 2, 3, 4, 5, 6, null, 9])
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
  })
})
