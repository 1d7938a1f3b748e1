import type { Renderable, ToastOptions } from 'react-hot-toast'

/**
 * `toast` for the modules of the shop's first download (the cart's hook): the same calls as
 * react-hot-toast's, which is fetched with the first toast (or the lazy <Toaster>) instead of
 * weighing on the first page (~4 KB gzip with goober). A toast's id is known at once, as with the library, so a
 * loading toast can be replaced by its outcome. The product page uses it too, being on the way to its
 * first paint; other lazy pages import react-hot-toast itself.
 */
const library = () => import('react-hot-toast')

let count = 0
type Kind = 'blank' | 'success' | 'error' | 'loading'

function show(kind: Kind, message: Renderable, options: ToastOptions = {}): string {
  count += 1
  const id = options.id ?? `toast-${count}`
  // Promises settle in order, so toasts keep the order they were asked in.
  void library().then(({ toast: real }) =>
    (kind === 'blank' ? real : real[kind])(message, { ...options, id }),
  )
  return id
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
