import type { ReactNode } from 'react'
import { useTitle } from '../../../lib/use-title'

interface PageHeaderProps {
  title: string
  subtitle?: string
  /** A button or link beside the title, e.g. 'Add New Product' */
  action?: ReactNode
}

export function PageHeader({ title, subtitle, action }: PageHeaderProps) {
  useTitle(title)
  return (
    <header className="d-flex flex-wrap align-items-start justify-content-between gap-3 mb-4">
      <div>
        <h1 className="h3 mb-1">{title}</h1>
        {subtitle && <p className="text-body-secondary mb-0">{subtitle}</p>}
      </div>
      {action}
    </header>
  )
}
