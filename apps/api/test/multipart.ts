export interface UploadFile {
  name: string
  type: string
  bytes: Buffer
}

/**
 * A multipart/form-data body written byte for byte, as a browser sends the product form, so a test can
 * put anything (even a control character) in a field or a file name; the files go under `fileField`.
 */
export function multipartBody(
  fields: Record<string, unknown>,
  files: UploadFile[] = [],
  fileField = 'images',
): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = 'storetestboundary'
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    )
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
