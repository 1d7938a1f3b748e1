import { useSyncExternalStore } from 'react'
import type { Renderable, ToastOptions } from 'react-hot-toast'

/**
 * The app's `toast`: the same calls as react-hot-toast's, which is fetched with the first toast
 * instead of weighing on the first page (~4 KB gzip with goober). Its toaster is drawn from the first
 * toast on too (`useToastAsked`): drawn at start, it fetched the library and goober added its
 * stylesheet, restyling the whole first screen under the splash, on every page of a visit. A toast's
 * id is known at once, as with the library, so a loading toast can be replaced by its outcome.
 */
const library = () => import('react-hot-toast')

let count = 0
type Kind = 'blank' | 'success' | 'error' | 'loading'

let asked = false
const askedListeners = new Set<() => void>()

function show(kind: Kind, message: Renderable, options: ToastOptions = {}): string {
  count += 1
  const id = options.id ?? `toast-${count}`
  if (!asked) {
    asked = true
    for (const listener of askedListeners) listener()
  }
  // Promises settle in order, so toasts keep the order they were asked in. The library keeps a toast
  // asked for before the toaster is drawn and shows it then.
  void library().then(({ toast: real }) =>
    (kind === 'blank' ? real : real[kind])(message, { ...options, id }),
  )
  return id
}

/** True once a toast has been asked for: from then on the toaster is drawn. */
export function useToastAsked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      askedListeners.add(listener)
      return () => askedListeners.delete(listener)
    },
    () => asked,
  )
}

export const toast = Object.assign(
  (message: Renderable, options?: ToastOptions) => show('blank', message, options),
  {
    success: (message: Renderable, options?: ToastOptions) => show('success', message, options),
    error: (message: Renderable, options?: ToastOptions) => show('error', message, options),
    loading: (message: Renderable, options?: ToastOptions) => show('loading', message, options),
    dismiss: (id?: string) => void library().then(({ toast: real }) => real.dismiss(id)),
  },
)
