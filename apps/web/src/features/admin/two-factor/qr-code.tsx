import { create } from 'qrcode'
import { useMemo } from 'react'

/** White space around the code, in modules: scanners need it. */
const QUIET_ZONE = 4

/**
 * A QR code drawn here, from the text itself: the secret inside an otpauth:// address never leaves the page
 * for a QR service (docs/design.md: "QR drawn locally"). One SVG path of dark modules, crisp at any size.
 */
export function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const { path, width } = useMemo(() => {
    const { modules } = create(text, { errorCorrectionLevel: 'M' })
    const parts: string[] = []
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`)
      }
    }
    return { path: parts.join(''), width: modules.size + 2 * QUIET_ZONE }
  }, [text])
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${width} ${width}`}
      shapeRendering="crispEdges"
      className="d-block bg-white"
    >
      <rect width={width} height={width} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
