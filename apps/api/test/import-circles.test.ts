import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repository = path.resolve(import.meta.dirname, '../../..')
const SOURCE_ROOTS = ['apps/api/src', 'apps/web/src', 'packages/contract/src']

/** Every TypeScript file under a folder. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/** The files of the same package a file imports, statically or dynamically, types included. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .flatMap((specifier) => {
      const base = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ''))
      const found = [
        `${base}.ts`,
        `${base}.tsx`,
        path.join(base, 'index.ts'),
        path.join(base, 'index.tsx'),
        base,
      ].find((candidate) => existsSync(candidate) && /\.tsx?$/.test(candidate))
      return found ? [found] : []
    })
}

/** Each import circle once, as the files around it, starting from the first in sorted order. */
function importCircles(files: string[]): string[][] {
  const graph = new Map(files.map((file) => [file, importsOf(file)]))
  const circles = new Map<string, string[]>()
  const done = new Set<string>()
  const walk = (file: string, trail: string[]) => {
    const at = trail.indexOf(file)
    if (at >= 0) {
      const circle = trail.slice(at)
      const first = circle.indexOf([...circle].sort()[0] as string)
      const turned = [...circle.slice(first), ...circle.slice(0, first)]
      circles.set(turned.join(' → '), turned)
      return
    }
    if (done.has(file)) return
    for (const target of graph.get(file) ?? []) walk(target, [...trail, file])
    done.add(file)
  }
  for (const file of files) walk(file, [])
  return [...circles.values()]
}

describe('imports', () => {
  it('form no circle in the API, the web app or the contract', () => {
    const files = SOURCE_ROOTS.flatMap((root) => sourceFiles(path.join(repository, root)))
    expect(files.length).toBeGreaterThan(100)
    const circles = importCircles(files).map((circle) =>
      [...circle, circle[0]].map((file) => path.relative(repository, file as string)).join(' → '),
    )
    expect(circles).toEqual([])
  })
})
