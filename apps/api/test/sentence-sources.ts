import { readdirSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/**
 * Every sentence the API can send (`detail` and field errors) and every message the contract's
 * schemas can give, read from the source with the TypeScript compiler: the strings passed to
 * `httpError`, `notFound` and `new HttpError`, the `detail` of a body sent by hand, the sentences of
 * 2xx answers passed to `translated`, and in the
 * contract the messages of zod's checks (`.min(1, '…')`, `{ error: '…' }`, `{ message: '…' }`).
 * Each is followed to where its text is written: constants, other modules, ternaries, `??`, the
 * strings a helper returns, and a helper's parameters through its call sites (`Required('City')`).
 * What the code cannot know until it runs (a product's name, a typed city) becomes a `{name}` place,
 * as the catalog writes it (packages/contract/src/sentences.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '../../..')
const API_SOURCE = path.join(ROOT, 'apps/api/src')
const CONTRACT_SOURCE = path.join(ROOT, 'packages/contract/src')

/** Code whose strings are never an answer's sentence: httpError and notFound themselves (their callers'
 * sentences are read where they are written), start-up settings and the demo data. */
const NOT_ANSWERS = ['lib/errors.ts', 'config.ts', 'seed/']

/** Zod's checks that take a message after their bound. */
const ZOD_CHECKS = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'superRefine',
  'positive',
  'nonnegative',
  'negative',
  'nonpositive',
  'int',
  'gt',
  'gte',
  'lt',
  'lte',
  'multipleOf',
  'startsWith',
  'endsWith',
  'includes',
  'nonempty',
  'email',
  'url',
  'datetime',
])

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file))
}

/** A value the code builds only at run time, shown as a `{name}` place. */
interface Dynamic {
  place: string
}
type Alternative = string | Dynamic

const DYNAMIC = (place: string): Dynamic => ({ place })

/** A parameter whose call sites have not been followed yet: the caller binds them and tries again. */
class NeedsCallSites {
  constructor(readonly fn: ts.SignatureDeclaration) {}
}

type Bindings = Map<ts.Symbol, Alternative[]>

export interface SentenceSource {
  /** The sentence, or its template with `{name}` places */
  sentence: string
  /** Where it is written: file and line */
  at: string
}

export function collectSentences(): SentenceSource[] {
  const files = [...sourceFiles(API_SOURCE), ...sourceFiles(CONTRACT_SOURCE)]
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  })
  const checker = program.getTypeChecker()
  const ours = program
    .getSourceFiles()
    .filter(
      (file) => file.fileName.startsWith(`${API_SOURCE}/`) || file.fileName.startsWith(`${CONTRACT_SOURCE}/`),
    )

  const declarationOf = (node: ts.Node): ts.Declaration | undefined => {
    let symbol = checker.getSymbolAtLocation(node)
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol)
    return symbol?.valueDeclaration ?? symbol?.declarations?.[0]
  }
  const symbolOf = (node: ts.Node): ts.Symbol | undefined => {
    const symbol = checker.getSymbolAtLocation(node)
    return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
  }
  const isOurs = (node: ts.Node) => ours.includes(node.getSourceFile())
  /** A zod schema (so `.includes` is a check, not an array's) */
  const isZod = (node: ts.Expression) =>
    /^z(\.\w+)*$/.test(node.getText()) ||
    /^(Zod|\$Zod)/.test(checker.getTypeAtLocation(node).getSymbol()?.getName() ?? '')

  // Every call of each of our functions, to follow a parameter to the values its callers pass.
  const callsOf = new Map<ts.Node, ts.CallExpression[]>()
  for (const file of ours) {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node)) {
        const target = functionOf(declarationOf(node.expression))
        if (target) callsOf.set(target, [...(callsOf.get(target) ?? []), node])
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }

  function functionOf(declaration: ts.Declaration | undefined): ts.SignatureDeclaration | undefined {
    if (!declaration) return undefined
    if (ts.isFunctionDeclaration(declaration)) return declaration
    if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
      const init = declaration.initializer
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init
    }
    return undefined
  }

  function placeName(node: ts.Expression): string {
    if (ts.isIdentifier(node)) return node.text
    if (ts.isPropertyAccessExpression(node)) return node.name.text
    if (ts.isElementAccessExpression(node)) return placeName(node.expression)
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      if (ts.isPropertyAccessExpression(callee) && /^(to\w+|trim|join|slice)$/.test(callee.name.text))
        return placeName(callee.expression)
      return placeName(callee)
    }
    if (ts.isBinaryExpression(node)) return placeName(node.left)
    if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) || ts.isAwaitExpression(node))
      return placeName(node.expression)
    return 'value'
  }

  const returnsOf = (fn: ts.SignatureDeclaration): ts.Expression[] => {
    const body = (fn as ts.FunctionLikeDeclaration).body
    if (!body) return []
    if (!ts.isBlock(body)) return [body]
    const found: ts.Expression[] = []
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && node !== fn) return
      if (ts.isReturnStatement(node) && node.expression) found.push(node.expression)
      ts.forEachChild(node, visit)
    }
    ts.forEachChild(body, visit)
    return found
  }

  const product = (parts: Alternative[][]): Alternative[][] =>
    parts.reduce<Alternative[][]>(
      (combos, options) => combos.flatMap((combo) => options.map((option) => [...combo, option])),
      [[]],
    )

  /** What a declaration holds, its run-time parts named as where it is used. */
  const renamed = (values: Alternative[], place: string): Alternative[] =>
    values.map((value) => (typeof value === 'string' ? value : DYNAMIC(place)))

  const joined = (pieces: Alternative[]) =>
    pieces.map((piece) => (typeof piece === 'string' ? piece : `{${piece.place}}`)).join('')

  /** A run-time value whose type is a few string literals (an order's status): each of them. */
  function literalsOf(node: ts.Expression): string[] | null {
    const type = checker.getTypeAtLocation(node)
    const members = type.isUnion() ? type.types : [type]
    if (members.length < 2 || members.length > 8) return null
    const values = members.map((member) => (member.isStringLiteral() ? member.value : null))
    return values.every((value) => value !== null) ? (values as string[]) : null
  }

  /** The texts an expression may have; `inside`: it is a part of a larger text (a template's place). */
  function evaluate(node: ts.Expression, bindings: Bindings, inside: boolean, depth = 0): Alternative[] {
    if (depth > 12) return [DYNAMIC(placeName(node))]
    const values = evaluateNode(node, bindings, inside, depth)
    if (values.some((value) => typeof value !== 'string')) {
      const literals = literalsOf(node)
      if (literals) return literals
    }
    return values
  }

  function evaluateNode(
    node: ts.Expression,
    bindings: Bindings,
    inside: boolean,
    depth: number,
  ): Alternative[] {
    const next = (child: ts.Expression, within = inside) => evaluate(child, bindings, within, depth + 1)
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
    if (ts.isNumericLiteral(node)) return [String(Number(node.text.replaceAll('_', '')))]
    if (ts.isTemplateExpression(node)) {
      const parts: Alternative[][] = [[node.head.text]]
      for (const span of node.templateSpans) {
        parts.push(next(span.expression, true).map((value) => value))
        parts.push([span.literal.text])
      }
      return product(parts).map((pieces) => joined(pieces))
    }
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node) ||
      ts.isNonNullExpression(node) ||
      ts.isAwaitExpression(node)
    )
      return next(node.expression)
    if (ts.isConditionalExpression(node)) return [...next(node.whenTrue), ...next(node.whenFalse)]
    if (ts.isBinaryExpression(node)) {
      const operator = node.operatorToken.kind
      if (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken) {
        const left = next(node.left)
        // `name ?? ''`: an empty fallback for a value that is always there in practice
        const right = next(node.right).filter(
          (value) => value !== '' || left.every((each) => typeof each === 'string'),
        )
        return [...left, ...right]
      }
      if (operator === ts.SyntaxKind.PlusToken)
        return product([next(node.left, true), next(node.right, true)]).map(joined)
      return [DYNAMIC(placeName(node))]
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node))
      return returnsOf(node).flatMap((value) => next(value))
    if (ts.isIdentifier(node)) {
      const symbol = symbolOf(node)
      const declaration = declarationOf(node)
      if (!declaration || !isOurs(declaration)) return [DYNAMIC(node.text)]
      if (ts.isParameter(declaration)) {
        const bound = symbol && bindings.get(symbol)
        if (bound) return bound
        const fn = declaration.parent
        if (
          ts.isIdentifier(declaration.name) &&
          (callsOf.get(fn)?.length ?? 0) > 0 &&
          !bindings.has(symbol as ts.Symbol)
        )
          throw new NeedsCallSites(fn)
        return [DYNAMIC(node.text)]
      }
      if (ts.isVariableDeclaration(declaration) && declaration.initializer) {
        const constant = (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) !== 0
        if (constant && !functionOf(declaration)) return renamed(next(declaration.initializer), node.text)
      }
      return [DYNAMIC(node.text)]
    }
    if (ts.isPropertyAccessExpression(node)) {
      const declaration = declarationOf(node.name)
      if (declaration && isOurs(declaration) && ts.isPropertyAssignment(declaration))
        return renamed(next(declaration.initializer), node.name.text)
      return [DYNAMIC(node.name.text)]
    }
    if (ts.isElementAccessExpression(node)) {
      const declaration = declarationOf(node.expression)
      const init =
        declaration && isOurs(declaration) && ts.isVariableDeclaration(declaration)
          ? declaration.initializer
          : undefined
      if (init && ts.isObjectLiteralExpression(init))
        return init.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) ? next(property.initializer) : [],
        )
      return [DYNAMIC(placeName(node))]
    }
    if (ts.isCallExpression(node)) {
      const fn = functionOf(declarationOf(node.expression))
      // A helper's sentence is followed into it; a helper that makes a part (a size in MB) is a place.
      if (fn && isOurs(fn)) {
        const values = returnsOf(fn).flatMap((value) => next(value, false))
        const sentences = values.every(
          (value) => typeof value === 'string' && /[.?!]$/.test(value.replace(/\{\w+\}/g, '').trim()),
        )
        if (values.length > 0 && (!inside || sentences)) return values
      }
      return [DYNAMIC(placeName(node))]
    }
    return [DYNAMIC(placeName(node))]
  }

  /** The texts of an expression, its enclosing functions' parameters taken from each call site. */
  function textsOf(node: ts.Expression, bindings: Bindings = new Map(), depth = 0): Alternative[] {
    try {
      return evaluate(node, bindings, false)
    } catch (error) {
      if (!(error instanceof NeedsCallSites) || depth > 4) throw error
      const { fn } = error
      const results: Alternative[] = []
      for (const call of callsOf.get(fn) ?? []) {
        const bound = new Map(bindings)
        for (const [index, parameter] of fn.parameters.entries()) {
          const symbol = symbolOf(parameter.name)
          if (!symbol) continue
          const argument = call.arguments[index]
          const values = argument
            ? textsOf(argument, new Map(), depth + 1)
            : parameter.initializer
              ? textsOf(parameter.initializer, new Map(), depth + 1)
              : [DYNAMIC(parameter.name.getText())]
          // A place in the caller's text stays a place named after this parameter.
          bound.set(
            symbol,
            values.map((value) =>
              typeof value === 'string'
                ? value
                : DYNAMIC(ts.isIdentifier(parameter.name) ? parameter.name.text : value.place),
            ),
          )
        }
        results.push(...textsOf(node, bound, depth + 1))
      }
      return results
    }
  }

  const found = new Map<string, SentenceSource>()
  const add = (node: ts.Expression) => {
    const file = node.getSourceFile()
    const { line } = file.getLineAndCharacterOfPosition(node.getStart())
    const at = `${path.relative(ROOT, file.fileName)}:${line + 1}`
    for (const value of textsOf(node)) {
      if (typeof value !== 'string') continue
      // A bare place passes some other text through (an error's own message): not a sentence of ours.
      if (!/\p{L}/u.test(value.replace(/\{\w+\}/g, ''))) continue
      if (!found.has(value)) found.set(value, { sentence: value, at })
    }
  }
  /** `{ field: ['…'] }`: the field errors of an HttpError. */
  const addFieldErrors = (node: ts.Expression | undefined) => {
    if (!node || !ts.isObjectLiteralExpression(node)) return
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) continue
      const value = property.initializer
      if (ts.isArrayLiteralExpression(value))
        for (const element of value.elements) add(element as ts.Expression)
    }
  }

  for (const file of ours) {
    const relative = path.relative(API_SOURCE, file.fileName)
    const inApi = !relative.startsWith('..')
    if (inApi && NOT_ANSWERS.some((prefix) => relative.startsWith(prefix))) continue
    const visit = (node: ts.Node) => {
      if (inApi) {
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
          const callee = node.expression
          const name = ts.isIdentifier(callee) ? callee.text : ''
          const args = node.arguments ?? ts.factory.createNodeArray()
          if (
            (name === 'httpError' && ts.isCallExpression(node)) ||
            (name === 'HttpError' && ts.isNewExpression(node))
          ) {
            if (args[1]) add(args[1])
            addFieldErrors(args[2])
          }
          if (name === 'notFound' && ts.isCallExpression(node) && args[0]) add(args[0])
          // A 2xx answer's sentence (lib/language.ts)
          if (name === 'translated' && ts.isCallExpression(node) && args[1]) add(args[1])
        }
        if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'detail')
          add(node.initializer)
        if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'detail') {
          const declaration = checker.getShorthandAssignmentValueSymbol(node)?.valueDeclaration
          if (declaration && ts.isVariableDeclaration(declaration) && declaration.initializer)
            add(declaration.initializer)
        }
        if (ts.isParameter(node) && ts.isIdentifier(node.name) && node.initializer) {
          // notFound's own default
          const fn = node.parent
          if (
            ts.isArrowFunction(fn) &&
            ts.isVariableDeclaration(fn.parent) &&
            fn.parent.name.getText() === 'notFound'
          )
            add(node.initializer)
        }
      } else {
        if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
          if (ZOD_CHECKS.has(node.expression.name.text) && isZod(node.expression.expression))
            for (const argument of node.arguments) {
              if (ts.isRegularExpressionLiteral(argument) || ts.isObjectLiteralExpression(argument)) continue
              if (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument)) continue
              add(argument)
            }
        }
        if (
          ts.isPropertyAssignment(node) &&
          ts.isIdentifier(node.name) &&
          (node.name.text === 'error' || node.name.text === 'message') &&
          ts.isObjectLiteralExpression(node.parent)
        )
          add(node.initializer)
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return [...found.values()].sort((a, b) => (a.sentence < b.sentence ? -1 : 1))
}

/** A sentence's template with its places unnamed, so `{city}` and `{name}` compare alike. */
export const shapeOf = (sentence: string) => sentence.replace(/\{\w+\}/g, '{}')
