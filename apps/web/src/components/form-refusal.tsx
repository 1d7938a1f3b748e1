import Alert from 'react-bootstrap/Alert'

/** What the server answered a whole form (not one field): read out as soon as it appears. */
export function FormRefusal({ message, className }: { message: string | undefined; className?: string }) {
  if (!message) return null
  return (
    <Alert variant="danger" role="alert" {...(className && { className })}>
      {message}
    </Alert>
  )
}
